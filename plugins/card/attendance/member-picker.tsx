import { useMemo, useState } from 'react';
import { Button, Checkbox, makeStyles, Text, tokens } from '@fluentui/react-components';
import { Input } from '@tianlu/sdk';
import type { ShiftOptions } from './attendance-api';

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: '4px', minWidth: 0 },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '8px' },
  list: {
    display: 'flex', flexDirection: 'column', height: '132px', overflowY: 'auto',
    border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, padding: '2px 4px',
  },
  hint: { color: tokens.colorNeutralForeground3, padding: '4px' },
});

/** The most search results shown at once (the rest: type more). */
const MAX_RESULTS = 50;

const toggle = <T,>(list: T[], item: T, on: boolean) => (on ? [...list, item] : list.filter((x) => x !== item));

/** 绑定部门: every department, filtered by what is typed. */
export function DepartmentPicker(props: { departments: string[]; value: string[]; onChange: (v: string[]) => void }) {
  const s = useStyles();
  const [q, setQ] = useState('');
  const shown = props.departments.filter((d) => d.includes(q.trim()));
  return (
    <div className={s.box} role="group" aria-label="绑定部门">
      <div className={s.head}>
        <Text weight="semibold">绑定部门</Text>
        <Text size={200}>已选 {props.value.length} 个，部门新来的人自动适用</Text>
      </div>
      <Input aria-label="搜索部门" placeholder="搜索部门" value={q} onChange={(_, d) => setQ(d.value)} />
      <div className={s.list}>
        {shown.length === 0 && <Text className={s.hint}>{props.departments.length ? '没有匹配的部门' : '没有部门'}</Text>}
        {shown.map((d) => (
          <Checkbox key={d} label={d} checked={props.value.includes(d)} onChange={(_, c) => props.onChange(toggle(props.value, d, Boolean(c.checked)))} />
        ))}
      </div>
    </div>
  );
}

/**
 * 绑定人员: the people already bound, then those whose 姓名, 工号 or 部门 match the search (at most 50 at
 * once), each a checkbox; 全选结果 binds every match.
 */
export function PeoplePicker(props: { people: ShiftOptions['people']; value: number[]; onChange: (v: number[]) => void }) {
  const s = useStyles();
  const [q, setQ] = useState('');
  const kw = q.trim().toLowerCase();
  const byId = useMemo(() => new Map(props.people.map((p) => [p.id, p])), [props.people]);
  const matches = kw ? props.people.filter((p) => [p.name, p.employeeNo, p.department].some((v) => v.toLowerCase().includes(kw))) : [];
  const chosen = props.value.map((id) => byId.get(id)).filter((p) => p !== undefined);
  const shown = [...chosen, ...matches.filter((p) => !props.value.includes(p.id)).slice(0, MAX_RESULTS)];
  const label = (p: ShiftOptions['people'][number]) => `${p.name}${p.employeeNo ? `（${p.employeeNo}）` : ''}${p.department ? ` ${p.department}` : ''}`;
  return (
    <div className={s.box} role="group" aria-label="绑定人员">
      <div className={s.head}>
        <Text weight="semibold">绑定人员</Text>
        <Text size={200}>已选 {props.value.length} 人</Text>
      </div>
      <div className={s.head}>
        <Input aria-label="搜索人员" placeholder="输入姓名、工号或部门搜索" value={q} onChange={(_, d) => setQ(d.value)} />
        <Button size="small" disabled={matches.length === 0} onClick={() => props.onChange([...new Set([...props.value, ...matches.map((p) => p.id)])])}>
          全选结果
        </Button>
      </div>
      <div className={s.list}>
        {shown.length === 0 && <Text className={s.hint}>{kw ? '没有匹配的人员' : `共 ${props.people.length} 人，输入姓名、工号或部门查找`}</Text>}
        {shown.map((p) => (
          <Checkbox key={p.id} label={label(p)} checked={props.value.includes(p.id)} onChange={(_, c) => props.onChange(toggle(props.value, p.id, Boolean(c.checked)))} />
        ))}
        {matches.length > MAX_RESULTS && <Text className={s.hint}>还有 {matches.length - MAX_RESULTS} 人，请输入更多字缩小范围</Text>}
      </div>
    </div>
  );
}
