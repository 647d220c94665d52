import { useMemo, useState, type CSSProperties } from 'react';
import { Button, Combobox, Field, Option, Select, Text, tokens } from '@fluentui/react-components';
import { chinaDay, fromChinaInputValue, toChinaInputValue } from '../china-time';
import { dayTimeRange, QUICK_TIME_RANGE_LABELS, quickTimeRangeOf, type QuickTimeRangeKey, type TimeRange } from '../time-range';
import { Input } from './text-input';

/** One asset a track page may show: its value (terminal number, person id …) and the text it is listed with. */
export interface AssetChoice {
  value: string;
  label: string;
}

/** Props of {@link AssetRangePicker}. */
export interface AssetRangePickerProps {
  /** What an asset is called, the asset field's label: 车辆, 人员, 宠物 … */
  noun: string;
  /** The assets to choose from (the monitor's list, a page's people …). */
  assets: readonly AssetChoice[];
  /** The chosen asset's value; '' while none is. */
  asset: string;
  onAssetChange: (value: string) => void;
  /**
   * How the asset is chosen: `search` (default), a combobox that lists the assets matching what is
   * typed (the first 50) and also takes a terminal number typed whole; `list`, a plain list of all.
   */
  assetInput?: 'search' | 'list';
  /** The hint of the search combobox, e.g. 车牌号或终端号. */
  placeholder?: string;
  /** A 搜索{noun} field before the list, for a list the server filters by keyword. */
  keyword?: { value: string; onChange: (keyword: string) => void };
  range: TimeRange;
  onRangeChange: (range: TimeRange) => void;
  /**
   * How the range is chosen: `time` (default), 开始 and 结束 to the minute with the quick choices as
   * buttons; `day`, one 日期 (the whole China day); `quick`, a 时间 list of the quick choices.
   */
  rangeInput?: 'time' | 'day' | 'quick';
  /** The quick choices offered; default 今天, 昨天, 最近3天. */
  quick?: readonly QuickTimeRangeKey[];
  /** The longest range allowed, in days: said beside the range (the caller checks it, see `timeRangeProblem`). */
  maxDays?: number;
  /** The clock, for tests; default Date.now. */
  now?: () => number;
}

const MAX_OPTIONS = 50;
const DEFAULT_QUICK: readonly QuickTimeRangeKey[] = ['today', 'yesterday', 'last3days'];

// Inline styles: this module loads with the SDK entry, where style hooks are not created at import.
const assetWidth: CSSProperties = { width: '200px', minWidth: '200px' };
const timeWidth: CSSProperties = { width: '176px' };
const dayWidth: CSSProperties = { width: '160px' };
const quickRow: CSSProperties = { display: 'flex', gap: '4px', alignSelf: 'flex-end', paddingBottom: '2px' };
const muted: CSSProperties = { alignSelf: 'flex-end', paddingBottom: '6px', color: tokens.colorNeutralForeground3 };

/**
 * The asset and time range of a track page (轨迹回放, 骑行记录, 遛狗记录 …): the asset searched or
 * listed, then the range as 开始/结束 times, one day or a quick choice, with the longest range said.
 * Renders labelled fields for the caller's filter row or form.
 */
export function AssetRangePicker(props: AssetRangePickerProps) {
  return (
    <>
      {props.keyword && (
        <Field label={`搜索${props.noun}`}>
          <Input maxLength={50} value={props.keyword.value} placeholder="名称或终端号" onChange={(_, d) => props.keyword!.onChange(d.value.trim())} />
        </Field>
      )}
      {props.assetInput === 'list' ? (
        <ListField label={props.noun} style={assetWidth} choices={props.assets} value={props.asset} onChange={props.onAssetChange} />
      ) : (
        <AssetSearchField {...props} />
      )}
      <RangeFields {...props} />
      {props.maxDays !== undefined && <Text style={muted}>{`最长 ${props.maxDays} 天`}</Text>}
    </>
  );
}

/** A labelled plain list of choices. */
function ListField(props: { label: string; choices: readonly AssetChoice[]; value: string; onChange: (value: string) => void; style?: CSSProperties }) {
  return (
    <Field label={props.label}>
      <Select style={props.style} value={props.value} onChange={(_, d) => props.onChange(d.value)}>
        {props.choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** The asset as a combobox: matches of what is typed, or the terminal number typed whole. */
function AssetSearchField(props: AssetRangePickerProps) {
  const [text, setText] = useState<string>();
  const selected = props.assets.find((a) => a.value === props.asset);
  const options = useMemo(() => {
    const k = (text ?? '').trim().toLowerCase();
    const matches = k ? props.assets.filter((a) => a.label.toLowerCase().includes(k) || a.value.includes(k)) : props.assets;
    return matches.slice(0, MAX_OPTIONS);
  }, [props.assets, text]);
  const type = (value: string) => {
    setText(value);
    // a number typed whole (not one of the options' texts) is the asset; `（…` is a label's tail
    const typed = value.replace(/（.*$/, '').trim();
    if (typed && !props.assets.some((a) => a.label === value)) props.onAssetChange(typed);
  };
  return (
    <Field label={props.noun}>
      <Combobox
        style={assetWidth}
        freeform
        placeholder={props.placeholder}
        value={text ?? selected?.label ?? props.asset}
        selectedOptions={props.asset ? [props.asset] : []}
        onChange={(e) => type(e.currentTarget.value)}
        onOptionSelect={(_, d) => {
          if (d.optionValue) props.onAssetChange(d.optionValue);
          setText(undefined);
        }}
      >
        {options.map((a) => (
          <Option key={a.value} value={a.value} text={a.label}>
            {a.label}
          </Option>
        ))}
      </Combobox>
    </Field>
  );
}

/** The range as the picker's `rangeInput` says. */
function RangeFields(props: AssetRangePickerProps) {
  const now = props.now ?? Date.now;
  const quick = props.quick ?? DEFAULT_QUICK;
  const { range, onRangeChange } = props;
  if (props.rangeInput === 'day')
    return (
      <Field label="日期">
        <Input
          style={dayWidth}
          type="date"
          value={range.start === undefined ? '' : chinaDay(range.start)}
          onChange={(_, d) => {
            const day = fromChinaInputValue(d.value);
            onRangeChange(day === undefined ? { start: undefined, end: undefined } : dayTimeRange(day));
          }}
        />
      </Field>
    );
  if (props.rangeInput === 'quick')
    return (
      <ListField
        label="时间"
        choices={quick.map((key) => ({ value: key, label: QUICK_TIME_RANGE_LABELS[key] }))}
        value={range.quick ?? ''}
        onChange={(key) => onRangeChange(quickTimeRangeOf(key as QuickTimeRangeKey, now()))}
      />
    );
  const ends = [
    { key: 'start', label: '开始', value: range.start, set: (at: number | undefined) => onRangeChange({ start: at, end: range.end }) },
    { key: 'end', label: '结束', value: range.end, set: (at: number | undefined) => onRangeChange({ start: range.start, end: at }) },
  ] as const;
  return (
    <>
      <div style={quickRow} role="group" aria-label="快捷时间">
        {quick.map((key) => (
          <Button key={key} size="small" onClick={() => onRangeChange(quickTimeRangeOf(key, now()))}>
            {QUICK_TIME_RANGE_LABELS[key]}
          </Button>
        ))}
      </div>
      {ends.map((e) => (
        <Field key={e.key} label={e.label}>
          <Input style={timeWidth} type="datetime-local" value={e.value === undefined ? '' : toChinaInputValue(e.value)} onChange={(_, d) => e.set(fromChinaInputValue(d.value))} />
        </Field>
      ))}
    </>
  );
}
