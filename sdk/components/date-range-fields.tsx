import type { CSSProperties } from 'react';
import { Button, Field } from '@fluentui/react-components';
import { chinaDay } from '../china-time';
import { Input } from './text-input';

/** A range of China days (`YYYY-MM-DD`) or months (`YYYY-MM`), both ends included; '' while not chosen. */
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
  /** Days (开始日期/结束日期, default) or months (开始月份/结束月份). */
  unit?: 'day' | 'month';
  /** The width of each input (CSS), e.g. '150px'; default Fluent's. */
  width?: string;
  /** Quick choices shown after the inputs as small buttons. */
  quick?: readonly QuickDateRange[];
}

// Inline styles: this module loads with the SDK entry, where style hooks are not created at import.
const quickRow: CSSProperties = { display: 'flex', gap: '4px', paddingBottom: '2px' };

/** The date range of a filter row: 开始 and 结束 inputs of days or months, and any quick choices. */
export function DateRangeFields(props: DateRangeFieldsProps) {
  const month = props.unit === 'month';
  const word = month ? '月份' : '日期';
  const style = props.width ? { width: props.width } : undefined;
  const set = (patch: Partial<DateRangeValue>) => props.onChange({ ...props.value, ...patch });
  return (
    <>
      <Field label={`开始${word}`}>
        <Input style={style} type={month ? 'month' : 'date'} value={props.value.start} onChange={(_, d) => set({ start: d.value })} />
      </Field>
      <Field label={`结束${word}`}>
        <Input style={style} type={month ? 'month' : 'date'} value={props.value.end} onChange={(_, d) => set({ end: d.value })} />
      </Field>
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
