import { useCallback, useEffect, useState, type FormEvent } from 'react';
import {
  Button, Field, makeStyles, Select, Tab, TabList, Text, tokens,
} from '@fluentui/react-components';
import { AttendanceApi, chinaDay, DataTable, type DataTableColumn, expectOk, HttpService, InfoDialog, Input, useService } from '@tianlu/sdk';
import { errorText, LEAVE_KINDS, type LeaveItem, type PunchItem, type ShiftOptions } from './attendance-api';
import { useListChange } from './list-change';
import { PersonCombobox } from './person-combobox';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: '8px' },
  form: { display: 'flex', alignItems: 'flex-end', gap: '8px', flexWrap: 'wrap' },
  person: { width: '180px' },
  short: { width: '140px' },
  reason: { width: '150px' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

type Kind = 'leave' | 'punch';
const PUNCH_NAMES = { in: '上班卡', out: '下班卡' } as const;
const PAGE = { current: 1, pageSize: 200 };

/**
 * 请假与补卡: an administrator records a person's 请假 (kind, whole days, reason) — those days are not 缺勤 —
 * and 补卡 (a forgotten punch: the attendance day, 上班卡 or 下班卡, the time, reason), and removes a wrong one.
 */
export function LeavePunchDialog(props: { onClose: () => void }) {
  const s = useStyles();
  const http = useService(HttpService);
  const [kind, setKind] = useState<Kind>('leave');
  const [people, setPeople] = useState<ShiftOptions['people']>([]);
  const [leaves, setLeaves] = useState<LeaveItem[]>();
  const [punches, setPunches] = useState<PunchItem[]>();
  const [person, setPerson] = useState<number>();
  const [leaveKind, setLeaveKind] = useState<string>(LEAVE_KINDS[0]);
  const [start, setStart] = useState(chinaDay());
  const [end, setEnd] = useState(chinaDay());
  const [punch, setPunch] = useState<'in' | 'out'>('in');
  const [time, setTime] = useState('09:00');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();

  const load = useCallback(async () => {
    try {
      const [l, p] = await Promise.all([
        http.call(AttendanceApi.leaves, PAGE), http.call(AttendanceApi.punches, PAGE),
      ]);
      setLeaves(expectOk(l).list);
      setPunches(expectOk(p).list);
    } catch (e) {
      setError(errorText(e));
    }
  }, [http]);
  useEffect(() => void load(), [load]);
  useEffect(() => {
    http.call(AttendanceApi.shiftOptions).then((res) => setPeople(expectOk(res).people), (e: unknown) => setError(errorText(e)));
  }, [http]);

  const post = useListChange(load, setError);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (person === undefined) return setError('请选择人员');
    const ok = kind === 'leave'
      ? await post(() => http.call(AttendanceApi.saveLeave, { vehicleId: person, kind: leaveKind, startDay: start, endDay: end, reason }), '请假已登记')
      : await post(() => http.call(AttendanceApi.savePunch, { vehicleId: person, day: start, punch, time, reason }), '补卡已登记');
    if (ok) setReason('');
  };

  const remove = (item: { id: number }) => (
    <Button size="small" appearance="subtle" onClick={() => void post(() => http.call(kind === 'leave' ? AttendanceApi.removeLeave : AttendanceApi.removePunch, { id: item.id }), '已删除')}>删除</Button>
  );
  const leaveColumns: DataTableColumn<LeaveItem>[] = [
    { key: 'name', title: '姓名', width: 90, render: (l) => l.personName },
    { key: 'kind', title: '类别', width: 70, render: (l) => l.kind },
    { key: 'days', title: '日期', width: 200, render: (l) => (l.startDay === l.endDay ? l.startDay : `${l.startDay} 至 ${l.endDay}`) },
    { key: 'count', title: '天数', width: 50, align: 'right', render: (l) => l.days },
    { key: 'reason', title: '事由', width: 170, render: (l) => l.reason },
    { key: 'by', title: '登记人', width: 80, render: (l) => l.createdBy || '—' },
    { key: 'ops', title: '操作', render: remove },
  ];
  const punchColumns: DataTableColumn<PunchItem>[] = [
    { key: 'name', title: '姓名', width: 90, render: (p) => p.personName },
    { key: 'day', title: '考勤日期', width: 100, render: (p) => p.day },
    { key: 'punch', title: '类型', width: 70, render: (p) => PUNCH_NAMES[p.punch] },
    { key: 'time', title: '时间', width: 60, render: (p) => p.time },
    { key: 'reason', title: '事由', width: 190, render: (p) => p.reason },
    { key: 'by', title: '登记人', width: 80, render: (p) => p.createdBy || '—' },
    { key: 'ops', title: '操作', render: remove },
  ];

  return (
    <InfoDialog title="请假与补卡" width={860} contentClassName={s.content} onClose={props.onClose}>
      <TabList selectedValue={kind} onTabSelect={(_, d) => { setKind(d.value as Kind); setError(undefined); }}>
        <Tab value="leave">请假</Tab>
        <Tab value="punch">补卡</Tab>
      </TabList>
      {kind === 'leave' ? (
        <DataTable label="请假记录" rows={leaves ?? []} columns={leaveColumns} rowKey={(l) => String(l.id)} height={230} rowHeight={34} empty={leaves ? '还没有请假记录' : '加载中…'} />
      ) : (
        <DataTable label="补卡记录" rows={punches ?? []} columns={punchColumns} rowKey={(p) => String(p.id)} height={230} rowHeight={34} empty={punches ? '还没有补卡记录' : '加载中…'} />
      )}
      <form className={s.form} onSubmit={(e) => void submit(e)} aria-label={kind === 'leave' ? '登记请假' : '登记补卡'}>
        <Field label="人员" className={s.person}>
          <PersonCombobox people={people} value={person} onChange={setPerson} />
        </Field>
        {kind === 'leave' ? (
          <>
            <Field label="类别">
              <Select value={leaveKind} onChange={(_, d) => setLeaveKind(d.value)}>
                {LEAVE_KINDS.map((k) => <option key={k} value={k}>{k}</option>)}
              </Select>
            </Field>
            <Field label="开始日期"><Input className={s.short} type="date" value={start} onChange={(_, d) => setStart(d.value)} /></Field>
            <Field label="结束日期"><Input className={s.short} type="date" value={end} onChange={(_, d) => setEnd(d.value)} /></Field>
          </>
        ) : (
          <>
            <Field label="考勤日期" hint="夜班填上班那天"><Input className={s.short} type="date" value={start} onChange={(_, d) => setStart(d.value)} /></Field>
            <Field label="类型">
              <Select value={punch} onChange={(_, d) => setPunch(d.value as 'in' | 'out')}>
                <option value="in">上班卡</option>
                <option value="out">下班卡</option>
              </Select>
            </Field>
            <Field label="时间"><Input type="time" value={time} onChange={(_, d) => setTime(d.value)} /></Field>
          </>
        )}
        <Field label="事由"><Input className={s.reason} value={reason} maxLength={200} onChange={(_, d) => setReason(d.value)} /></Field>
        <Button appearance="primary" type="submit">登记</Button>
      </form>
      {error && <Text role="alert" className={s.error}>{error}</Text>}
    </InfoDialog>
  );
}
