import type { CSSProperties } from 'react';
import { Button, Field } from '@fluentui/react-components';
import { chinaDay } from '../china-time';
import { Input } from './text-input';

/** A range of China days (`YYYY-MM-DD`), months (`YYYY-MM`) or minutes (`YYYY-MM-DDTHH:mm`), both ends included; '' while not chosen. */
export interface DateRangeValue {
  start: string;
  end: string;
}

/** A quick choice beside the day inputs (今天, 最近7天 …): its range as of today (`YYYY-MM-DD`, China time). */
export interface QuickDateRange {
  label: string;
  range: (today: string) => DateRangeValue;
}

/** Props of {@link DateRangeFields}. */
export interface DateRangeFieldsProps {
  value: DateRangeValue;
  onChange: (next: DateRangeValue) => void;
  /** Days (开始日期/结束日期, default), months (开始月份/结束月份) or minutes (开始时间/结束时间). */
  unit?: 'day' | 'month' | 'minute';
  /** What is wrong with either end (请选择开始时间 …), shown under its input. */
  errors?: Partial<Record<keyof DateRangeValue, string>>;
  /** The width of each input (CSS), e.g. '150px'; default Fluent's. */
  width?: string;
  /** Quick choices shown after the inputs as small buttons. */
  quick?: readonly QuickDateRange[];
}

// Inline styles: this module loads with the SDK entry, where style hooks are not created at import.
const quickRow: CSSProperties = { display: 'flex', gap: '4px', paddingBottom: '2px' };

const UNITS = {
  day: { word: '日期', type: 'date' },
  month: { word: '月份', type: 'month' },
  minute: { word: '时间', type: 'datetime-local' },
} as const;

/** The date range of a filter row: 开始 and 结束 inputs of days, months or minutes, and any quick choices. */
export function DateRangeFields(props: DateRangeFieldsProps) {
  const { word, type } = UNITS[props.unit ?? 'day'];
  const style = props.width ? { width: props.width } : undefined;
  const set = (patch: Partial<DateRangeValue>) => props.onChange({ ...props.value, ...patch });
  const end = (key: keyof DateRangeValue, label: string) => {
    const error = props.errors?.[key];
    return (
      <Field label={`${label}${word}`} validationMessage={error} validationState={error ? 'error' : 'none'}>
        <Input style={style} type={type} value={props.value[key]} onChange={(_, d) => set({ [key]: d.value })} />
      </Field>
    );
  };
  return (
    <>
      {end('start', '开始')}
      {end('end', '结束')}
      {props.quick && props.quick.length > 0 && (
        <div style={quickRow}>
          {props.quick.map((q) => (
            <Button key={q.label} size="small" appearance="subtle" onClick={() => props.onChange(q.range(chinaDay()))}>
              {q.label}
            </Button>
          ))}
        </div>
      )}
    </>
  );
}
