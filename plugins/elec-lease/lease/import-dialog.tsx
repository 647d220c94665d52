import { useRef, useState } from 'react';
import { Button, makeStyles, ProgressBar, Text, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, ArrowUploadRegular } from '@fluentui/react-icons';
import { type AnswerOf, DataTable, ElecLeaseApi, type DataTableColumn, HttpService, InfoDialog, type LeaseImportRowErrors, useService } from '@tianlu/sdk';
import { errorText } from './lease-api';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: '8px' },
  hidden: { display: 'none' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** What an import answered. */
export type ImportResult = AnswerOf<typeof ElecLeaseApi.importContracts>;

/**
 * 导入合同: the contracts a shop already has, from the template filled in. Every row is checked
 * first; one bad row and nothing is imported, each bad row listed with its reasons.
 */
export function ImportDialog(props: { onImported: (r: ImportResult) => void; onClose: () => void }) {
  const s = useStyles();
  const http = useService<HttpService>(HttpService);
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number>();
  const [error, setError] = useState<string>();
  const [rows, setRows] = useState<LeaseImportRowErrors[]>([]);

  const downloadTemplate = () => http.exportFile({ url: ElecLeaseApi.importTemplate.path, params: {}, fileName: '租赁合同导入模板.xlsx' }).catch((e: unknown) => setError(errorText(e)));

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setError(undefined);
    setRows([]);
    if (!/\.xlsx$/i.test(file.name)) {
      setError('请选择 .xlsx 格式的文件');
      return;
    }
    const form = new FormData();
    form.append('file', file, file.name);
    setProgress(0);
    try {
      const res = await http.upload<ImportResult>(ElecLeaseApi.importContracts.path, form, { onProgress: setProgress });
      if (res.flag === 1) props.onImported(res.obj);
      else {
        setError(res.msg);
        setRows((res.obj as { rows?: LeaseImportRowErrors[] } | null)?.rows ?? []);
      }
    } catch (e) {
      setError(errorText(e));
    } finally {
      setProgress(undefined);
      if (input.current) input.current.value = '';
    }
  };

  const columns: DataTableColumn<LeaseImportRowErrors>[] = [
    { key: 'row', title: '行号', width: 56, render: (r) => String(r.row) },
    { key: 'errors', title: '错误', render: (r) => <span className={s.error}>{r.errors.map((e) => e.replace(/^第 \d+ 行：/, '')).join('；')}</span> },
  ];

  return (
    <InfoDialog title="导入合同" width={720} contentClassName={s.content} busy={progress !== undefined} onClose={props.onClose}>
      <Text>1. 下载导入模板，每行填一份正在履行的合同（带 * 的列必填，说明见模板第二页）。开始日期可早于今天；已过结束日期仍未还车的合同导入后即为已逾期。</Text>
      <div>
        <Button icon={<ArrowDownloadRegular />} onClick={() => void downloadTemplate()}>下载模板</Button>
      </div>
      <Text>2. 上传填好的 .xlsx 文件。系统先检查全部行：只要有一行有错，整个文件都不导入，改好后重新上传即可。</Text>
      <div>
        <input
          ref={input}
          className={s.hidden}
          type="file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-label="选择导入文件"
          onChange={(e) => void upload(e.target.files?.[0])}
        />
        <Button appearance="primary" icon={<ArrowUploadRegular />} disabled={progress !== undefined} onClick={() => input.current?.click()}>选择文件并导入</Button>
      </div>
      {progress !== undefined && <ProgressBar value={progress} aria-label="上传进度" />}
      {error && <Text role="alert" className={s.error}>{error}</Text>}
      {rows.length > 0 && <DataTable label="有错误的行" rows={rows} columns={columns} rowKey={(r) => String(r.row)} height={220} />}
    </InfoDialog>
  );
}
