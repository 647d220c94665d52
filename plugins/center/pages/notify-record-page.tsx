import { useCallback, useEffect, useMemo, useState } from 'react';
import { Badge, Button, Field, makeStyles, Select } from '@fluentui/react-components';
import { ArrowDownloadRegular, SearchRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import {
  chinaDay,
  DataTable,
  DialogService,
  expectOk,
  HttpService,
  Input,
  NETWORK_ERROR_MESSAGE,
  NOTIFY_LOG_ONLY,
  NOTIFY_RECORD_CHANNELS,
  NOTIFY_RECORD_STATUSES,
  NotifyApi,
  PageSection,
  Pagination,
  PaginationBar,
  ToastService,
  useService,
  type DataTableColumn,
  type NotifyRecord,
} from '@tianlu/sdk';

const useStyles = makeStyles({ date: { width: '150px' }, pick: { minWidth: '120px' } });

const errorText = (e: unknown) => (e instanceof Error && e.message ? e.message : NETWORK_ERROR_MESSAGE);

const STATUS_COLOR: Record<string, 'warning' | 'success' | 'danger' | 'informative'> = {
  待发送: 'warning',
  已送达: 'success',
  推送失败: 'danger',
  [NOTIFY_LOG_ONLY]: 'informative',
};

// what an operator looks for first stays in view beside the alarm desk; the rest scrolls sideways
const columns: DataTableColumn<NotifyRecord>[] = [
  { key: 'alarm', title: '告警', width: 90, render: (r) => r.alarmName },
  { key: 'asset', title: '设备', width: 120, render: (r) => r.asset },
  { key: 'channel', title: '推送方式', width: 100, render: (r) => r.channelName },
  { key: 'recipient', title: '接收人', width: 150, render: (r) => r.recipient || '群机器人' },
  {
    key: 'status', title: '状态', width: 96,
    render: (r) => <Badge appearance="tint" color={STATUS_COLOR[r.status] ?? 'informative'}>{r.status}</Badge>,
  },
  { key: 'tries', title: '尝试', width: 50, align: 'right', render: (r) => r.tries },
  { key: 'time', title: '推送时间', width: 150, render: (r) => r.deliveredTime ?? r.createTime },
  { key: 'alarmTime', title: '告警时间', width: 150, render: (r) => r.alarmTime },
  { key: 'error', title: '最后错误', width: 260, render: (r) => r.lastError ?? '' },
  { key: 'note', title: '说明', width: 200, render: (r) => r.note },
];

interface Filter {
  startTime: string;
  endTime: string;
  status: string;
  channel: string;
}

const body = (f: Filter) => ({
  ...(f.startTime && { startTime: f.startTime }),
  ...(f.endTime && { endTime: f.endTime }),
  ...(f.status && { status: f.status }),
  ...(f.channel && { channel: f.channel }),
});

/** 推送记录: every delivery of the tenant's alarms (recipients masked), filtered and paged, with 导出. */
const NotifyRecordPage = observer(function NotifyRecordPage() {
  const s = useStyles();
  const http = useService<HttpService>(HttpService);
  const toast = useService<ToastService>(ToastService);
  const dialogs = useService<DialogService>(DialogService);
  const pagination = useMemo(() => new Pagination(), []);
  const today = chinaDay();
  const [form, setForm] = useState<Filter>({ startTime: today, endTime: today, status: '', channel: '' });
  const [query, setQuery] = useState<Filter>(form);
  const [rows, setRows] = useState<NotifyRecord[]>();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();

  const load = useCallback(async () => {
    setLoading(true);
    setError(undefined);
    try {
      const page = expectOk(await http.call(NotifyApi.records, { ...pagination.query, ...body(query) }));
      pagination.setTotal(page.total);
      setRows(page.list);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setLoading(false);
    }
  }, [http, pagination, query]);
  useEffect(() => void load(), [load]);

  const set = (patch: Partial<Filter>) => setForm((f) => ({ ...f, ...patch }));
  const search = () => {
    pagination.setCurrent(1);
    setQuery({ ...form });
  };
  const exportRecords = async () => {
    try {
      expectOk(await http.call(NotifyApi.exportRecords, body(query)));
      toast.show('已加入下载中心', 'success');
      dialogs.showDownList(true);
    } catch (e) {
      toast.show(errorText(e), 'error');
    }
  };

  return (
    <PageSection
      title="推送记录"
      error={error}
      tools={<Button icon={<ArrowDownloadRegular />} onClick={() => void exportRecords()}>导出</Button>}
      filters={
        <>
          <Field label="开始日期">
            <Input className={s.date} type="date" value={form.startTime} onChange={(_, d) => set({ startTime: d.value })} />
          </Field>
          <Field label="结束日期">
            <Input className={s.date} type="date" value={form.endTime} onChange={(_, d) => set({ endTime: d.value })} />
          </Field>
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
          <Button appearance="primary" icon={<SearchRegular />} onClick={search}>查询</Button>
        </>
      }
    >
      <DataTable label="推送记录" rows={rows ?? []} columns={columns} rowKey={(r) => String(r.id)} height={400} rowHeight={34} empty={loading ? '加载中…' : '所选时间内没有推送记录'} />
      <PaginationBar pagination={pagination} onChange={() => void load()} disabled={loading} />
    </PageSection>
  );
});
export default NotifyRecordPage;
