import { useState } from 'react';
import { Combobox, makeStyles, Option } from '@fluentui/react-components';
import type { ShiftOptions } from './attendance-api';

type Person = ShiftOptions['people'][number];

const useStyles = makeStyles({ box: { minWidth: 'unset', width: '100%' }, input: { width: '100%' } });
const MAX_OPTIONS = 50;
const label = (p: Person) => `${p.name}${p.employeeNo ? `（${p.employeeNo}）` : ''}`;

/** One person, found by typing part of the 姓名, 工号 or 部门 (at most 50 matches listed). */
export function PersonCombobox(props: { people: Person[]; value: number | undefined; onChange: (id: number | undefined) => void; ariaLabel?: string }) {
  const s = useStyles();
  const [text, setText] = useState<string>();
  const chosen = props.people.find((p) => p.id === props.value);
  const kw = (text ?? '').trim().toLowerCase();
  const matches = props.people.filter((p) => !kw || [p.name, p.employeeNo, p.department].some((v) => v.toLowerCase().includes(kw))).slice(0, MAX_OPTIONS);
  return (
    <Combobox
      aria-label={props.ariaLabel ?? '人员'}
      className={s.box}
      input={{ className: s.input }}
      freeform
      placeholder="姓名、工号或部门"
      value={text ?? (chosen ? label(chosen) : '')}
      selectedOptions={props.value ? [String(props.value)] : []}
      onChange={(e) => {
        setText(e.currentTarget.value);
        props.onChange(undefined);
      }}
      onOptionSelect={(_, d) => {
        props.onChange(d.optionValue ? Number(d.optionValue) : undefined);
        setText(undefined);
      }}
    >
      {matches.map((p) => (
        <Option key={p.id} value={String(p.id)} text={label(p)}>
          {`${label(p)}${p.department ? ` ${p.department}` : ''}`}
        </Option>
      ))}
    </Combobox>
  );
}
