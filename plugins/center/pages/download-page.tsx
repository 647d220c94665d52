import { useState } from 'react';
import { Badge, Button, makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular, ArrowDownloadRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { DownloadApi, type ExportRecord, formatChinaTime, HttpService, PageSection, PaginationBar, usePagedQuery, useService } from '@tianlu/sdk';
import { DOWNLOAD_LIST } from '../components/notice-types';

const STATUS: Record<number, { text: string; color: 'warning' | 'success' | 'danger' }> = {
  0: { text: '生成中', color: 'warning' },
  1: { text: '可下载', color: 'success' },
  2: { text: '失败', color: 'danger' },
};

const useStyles = makeStyles({
  muted: { color: tokens.colorNeutralForeground3 },
});

function formatSize(bytes: number): string {
  if (!bytes) return '-';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** 下载中心: the user's export records, paged; finished files can be downloaded. */
const DownloadPage = observer(function DownloadPage() {
  const s = useStyles();
  const http = useService(HttpService);
  const { pagination, page, error, load } = usePagedQuery(DOWNLOAD_LIST);
  const list = page?.list;
  // a failed download says so until the list is loaded again
  const [failed, setFailed] = useState<string>();
  const reload = () => {
    setFailed(undefined);
    void load();
  };

  const download = (r: ExportRecord) =>
    http.exportFile({ url: DownloadApi.download.path, params: { id: r.id }, fileName: r.fileName }).catch((e: unknown) => setFailed(e instanceof Error && e.message ? e.message : '网络异常'));

  return (
    <PageSection
      title="下载中心"
      error={failed ?? error}
      tools={
        <Button icon={<ArrowClockwiseRegular />} onClick={reload}>
          刷新
        </Button>
      }
    >
      <Table aria-label="导出记录" size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>文件名</TableHeaderCell>
            <TableHeaderCell style={{ width: 110 }}>状态</TableHeaderCell>
            <TableHeaderCell style={{ width: 100 }}>大小</TableHeaderCell>
            <TableHeaderCell style={{ width: 160 }}>创建时间</TableHeaderCell>
            <TableHeaderCell style={{ width: 100 }}>操作</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {(list ?? []).map((r) => {
            const st = STATUS[r.status] ?? { text: String(r.status), color: 'warning' as const };
            return (
              <TableRow key={r.id}>
                <TableCell>{r.fileName}</TableCell>
                <TableCell>
                  <Badge appearance="tint" color={st.color}>
                    {st.text}
                  </Badge>
                </TableCell>
                <TableCell>{formatSize(r.size)}</TableCell>
                <TableCell>{formatChinaTime(r.createTime, 'minute')}</TableCell>
                <TableCell>
                  <Button size="small" appearance="subtle" icon={<ArrowDownloadRegular />} disabled={r.status !== 1} onClick={() => void download(r)}>
                    下载
                  </Button>
                </TableCell>
              </TableRow>
            );
          })}
          {list && !list.length && (
            <TableRow>
              <TableCell colSpan={5}>
                <Text className={s.muted}>暂无导出记录。在报表等页面导出数据后，文件会出现在这里。</Text>
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      <PaginationBar pagination={pagination} onChange={reload} />
    </PageSection>
  );
});
export default DownloadPage;
