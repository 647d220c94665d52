import type { CSSProperties } from 'react';
import { Dropdown, Field, Option } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useAlarmTypeNames } from '../react/use-alarm-type-names';

/** An alarm's handling state as a filter: '' every alarm, '0' 未处理, '1' 已处理. */
export type AlarmStatusChoice = '' | '0' | '1';

/** The choices of {@link AlarmStatusFilter}, in the order shown. */
export const ALARM_STATUS_CHOICES: readonly { value: AlarmStatusChoice; label: string }[] = [
  { value: '', label: '全部' },
  { value: '0', label: '未处理' },
  { value: '1', label: '已处理' },
];

// Inline styles: this module loads with the SDK entry, where style hooks are not created at import.
const pick: CSSProperties = { minWidth: '150px' };

/**
 * 告警类型 of a filter row: several alarm types (none chosen = 全部类型); more than two read as 已选 N 种.
 * Offers the platform's types and those of the user's sub-applications.
 */
export const AlarmTypeFilter = observer(function AlarmTypeFilter(props: { value: readonly string[]; onChange: (types: string[]) => void }) {
  const all = useAlarmTypeNames();
  const names = props.value.map((t) => all[t] ?? t);
  return (
    <Field label="告警类型">
      <Dropdown
        style={pick}
        multiselect
        placeholder="全部类型"
        value={names.length > 2 ? `已选 ${names.length} 种` : names.join('、')}
        selectedOptions={[...props.value]}
        onOptionSelect={(_, d) => props.onChange(d.selectedOptions)}
      >
        {Object.entries(all).map(([type, name]) => (
          <Option key={type} value={type}>
            {name}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
});

/** 处理状态 of a filter row: 全部, 未处理 or 已处理. */
export function AlarmStatusFilter(props: { value: AlarmStatusChoice; onChange: (status: AlarmStatusChoice) => void }) {
  return (
    <Field label="处理状态">
      <Dropdown
        style={pick}
        value={ALARM_STATUS_CHOICES.find((x) => x.value === props.value)?.label}
        selectedOptions={[props.value]}
        onOptionSelect={(_, d) => props.onChange((d.optionValue ?? '') as AlarmStatusChoice)}
      >
        {ALARM_STATUS_CHOICES.map((x) => (
          <Option key={x.value || 'all'} value={x.value}>
            {x.label}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}
