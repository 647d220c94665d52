import { useMemo, useState } from 'react';
import { Badge, Button, Field, makeStyles, Select } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import {
  ConfirmDialog,
  DataTable,
  DialogService,
  expectOk,
  HttpService,
  NETWORK_ERROR_MESSAGE,
  NOTIFY_EXPORT_LIMIT,
  NOTIFY_LOG_ONLY,
  NOTIFY_RECORD_CHANNELS,
  NOTIFY_RECORD_STATUSES,
  NotifyApi,
  PageSection,
  PaginationBar,
  recordRecipient,
  ToastService,
  usePagedQuery,
  useService,
  type DataTableColumn,
  type NotifyRecord,
  SearchButtons,
  DateRangeFields,
} from '@tianlu/sdk';
import { notifyRecordList, notifyRecordQuery, openingRecordFilter, type NotifyRecordFilter } from '../alarm/alarm-queries';
import { NotifyRecordDetail } from '../alarm/notify-record-detail';

const useStyles = makeStyles({ pick: { minWidth: '120px' } });

const errorText = (e: unknown) => (e instanceof Error && e.message ? e.message : NETWORK_ERROR_MESSAGE);

/** Each status its own colour; 已跳过 (a rule chose a disabled or deleted channel) asks for a look, but failed nothing. */
const STATUS_COLOR: Record<string, 'warning' | 'success' | 'danger' | 'severe' | 'informative'> = {
  待发送: 'warning',
  已送达: 'success',
  推送失败: 'danger',
  已跳过: 'severe',
  [NOTIFY_LOG_ONLY]: 'informative',
};

const statusBadge = (r: NotifyRecord) => <Badge appearance="tint" color={STATUS_COLOR[r.status] ?? 'informative'}>{r.status}</Badge>;

/**
 * What an operator looks for first (when, what, to whom, whether it arrived) stays in view beside
 * the alarm desk; the rest scrolls sideways inside the table, 详情 pinned at its right edge.
 */
const recordColumns = (open: (r: NotifyRecord) => void): DataTableColumn<NotifyRecord>[] => [
  { key: 'time', title: '推送时间', width: 150, render: (r) => r.deliveredTime ?? r.createTime },
  { key: 'alarm', title: '告警', width: 96, render: (r) => r.alarmName },
  { key: 'asset', title: '设备', width: 120, render: (r) => r.asset },
  { key: 'status', title: '状态', width: 96, render: statusBadge },
  { key: 'channel', title: '推送方式', width: 110, render: (r) => r.channelName },
  { key: 'recipient', title: '接收人', width: 140, render: recordRecipient },
  { key: 'tries', title: '尝试', width: 50, align: 'right', render: (r) => r.tries },
  { key: 'error', title: '最后错误', width: 220, render: (r) => r.lastError ?? '' },
  { key: 'note', title: '说明', width: 180, render: (r) => r.note },
  { key: 'alarmTime', title: '告警时间', width: 150, render: (r) => r.alarmTime },
  {
    key: 'ops', title: '操作', width: 64,
    render: (r) => <Button size="small" appearance="subtle" onClick={() => open(r)}>详情</Button>,
  },
];

/** 推送记录: every delivery of the tenant's alarms (recipients masked), filtered and paged, with 导出. */
const NotifyRecordPage = observer(function NotifyRecordPage() {
  const s = useStyles();
  const http = useService(HttpService);
  const toast = useService(ToastService);
  const dialogs = useService(DialogService);
  const [form, setForm] = useState<NotifyRecordFilter>(openingRecordFilter);
  const [askExport, setAskExport] = useState(false);
  const [detail, setDetail] = useState<NotifyRecord>();
  const columns = useMemo(() => recordColumns(setDetail), []);
  const { pagination, filter: query, rows, loading, error, load, search: searchFor } = usePagedQuery(notifyRecordList(form));

  const set = (patch: Partial<NotifyRecordFilter>) => setForm((f) => ({ ...f, ...patch }));
  const search = () => searchFor({ ...form });
  const exportRecords = async () => {
    try {
      const started = expectOk(await http.call(NotifyApi.exportRecords, notifyRecordQuery(query)));
      toast.show(started.total > started.exported ? `已加入下载中心：共 ${started.total} 条，导出最新的 ${started.exported} 条` : '已加入下载中心', 'success');
      dialogs.showDownList(true);
    } catch (e) {
      toast.show(errorText(e), 'error');
    }
  };
  // more than one export takes: say so first, the user decides
  const startExport = () => (pagination.total > NOTIFY_EXPORT_LIMIT ? setAskExport(true) : void exportRecords());

  return (
    <PageSection
      title="推送记录"
      error={error}
      tools={<Button icon={<ArrowDownloadRegular />} onClick={startExport}>导出</Button>}
      filters={
        <>
          <DateRangeFields width="150px" value={{ start: form.startTime, end: form.endTime }} onChange={(r) => set({ startTime: r.start, endTime: r.end })} />
          <Field label="状态">
            <Select className={s.pick} value={form.status} onChange={(_, d) => set({ status: d.value })}>
              <option value="">全部</option>
              {[...NOTIFY_RECORD_STATUSES, NOTIFY_LOG_ONLY].map((st) => <option key={st} value={st}>{st}</option>)}
            </Select>
          </Field>
          <Field label="推送方式">
            <Select className={s.pick} value={form.channel} onChange={(_, d) => set({ channel: d.value })}>
              <option value="">全部</option>
              {Object.entries(NOTIFY_RECORD_CHANNELS).map(([k, t]) => <option key={k} value={k}>{t}</option>)}
            </Select>
          </Field>
          <SearchButtons icon onSearch={search} />
        </>
      }
    >
      <DataTable label="推送记录" rows={rows} columns={columns} rowKey={(r) => String(r.id)} height={400} rowHeight={34} empty={loading ? '加载中…' : '所选时间内没有推送记录'} />
      <PaginationBar pagination={pagination} onChange={() => void load()} disabled={loading} />
      {askExport && (
        <ConfirmDialog
          title="导出推送记录"
          message={`符合条件的推送记录共 ${pagination.total} 条，超过单次导出上限 ${NOTIFY_EXPORT_LIMIT} 条，只导出最新的 ${NOTIFY_EXPORT_LIMIT} 条（文件中注明）。需要全部记录时，请缩小时间范围后分次导出。`}
          confirmText={`导出最新 ${NOTIFY_EXPORT_LIMIT} 条`}
          onConfirm={exportRecords}
          onClose={() => setAskExport(false)}
        />
      )}
      {detail && <NotifyRecordDetail record={detail} onClose={() => setDetail(undefined)} />}
    </PageSection>
  );
});
export default NotifyRecordPage;
