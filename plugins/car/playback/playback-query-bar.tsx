import { Button, Combobox, Label, makeStyles, Option, Spinner, tokens } from '@fluentui/react-components';
import { fromChinaInputValue, Input, toChinaInputValue } from '@tianlu/sdk';
import { observer } from 'mobx-react-lite';
import { useMemo, useState } from 'react';
import type { PlaybackStore } from './playback-store';
import { QUICK_RANGES } from './playback-range';

const MAX_OPTIONS = 50;

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px 12px' },
  field: { display: 'flex', alignItems: 'center', gap: '6px' },
  vehicle: { minWidth: '200px', width: '200px' },
  time: { width: '176px' },
  minutes: { width: '72px' },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** The asset (named in its kind's words), time range (quick choices or custom), stop threshold, 查询 and 导出. */
export const PlaybackQueryBar = observer(function PlaybackQueryBar(props: { store: PlaybackStore }) {
  const s = useStyles();
  const store = props.store;
  const selected = store.vehicles.find((v) => v.terminalNo === store.terminalNo);
  const label = (v: { plateNo: string | null; terminalNo: string }) => (v.plateNo ? `${v.plateNo}（${v.terminalNo}）` : v.terminalNo);
  const [text, setText] = useState<string | undefined>(undefined);
  const shown = text ?? (selected ? label(selected) : store.terminalNo);
  const options = useMemo(() => {
    const k = (text ?? '').trim().toLowerCase();
    const matches = k ? store.vehicles.filter((v) => v.terminalNo.includes(k) || (v.plateNo ?? '').toLowerCase().includes(k)) : store.vehicles;
    return matches.slice(0, MAX_OPTIONS);
  }, [store.vehicles, text]);

  return (
    <form
      className={s.bar}
      aria-label="轨迹查询"
      onSubmit={(e) => {
        e.preventDefault();
        if (text !== undefined && text.trim() && !options.some((o) => label(o) === text)) store.setTerminal(text.replace(/（.*$/, ''));
        void store.query();
      }}
    >
      <div className={s.field}>
        <Label htmlFor="tl-playback-vehicle">{store.words.noun}</Label>
        <Combobox
          id="tl-playback-vehicle"
          className={s.vehicle}
          freeform
          placeholder={`${store.words.nameLabel}或终端号`}
          value={shown}
          selectedOptions={store.terminalNo ? [store.terminalNo] : []}
          onChange={(e) => setText(e.currentTarget.value)}
          onOptionSelect={(_, d) => {
            if (d.optionValue) store.setTerminal(d.optionValue);
            setText(undefined);
          }}
        >
          {options.map((v) => (
            <Option key={v.terminalNo} value={v.terminalNo} text={label(v)}>
              {label(v)}
            </Option>
          ))}
        </Combobox>
      </div>
      <div className={s.field} role="group" aria-label="快捷时间">
        {QUICK_RANGES.map((r) => (
          <Button key={r.key} size="small" onClick={() => store.setQuickRange(r.key)}>
            {r.label}
          </Button>
        ))}
      </div>
      <div className={s.field}>
        <Label htmlFor="tl-playback-start">开始</Label>
        <Input
          id="tl-playback-start"
          className={s.time}
          type="datetime-local"
          value={store.start === undefined ? '' : toChinaInputValue(store.start)}
          onChange={(_, d) => store.setRange(fromChinaInputValue(d.value), store.end)}
        />
        <Label htmlFor="tl-playback-end">结束</Label>
        <Input
          id="tl-playback-end"
          className={s.time}
          type="datetime-local"
          value={store.end === undefined ? '' : toChinaInputValue(store.end)}
          onChange={(_, d) => store.setRange(store.start, fromChinaInputValue(d.value))}
        />
      </div>
      <div className={s.field}>
        <Label htmlFor="tl-playback-stop">停留阈值</Label>
        <Input
          id="tl-playback-stop"
          className={s.minutes}
          type="number"
          min={1}
          max={1440}
          value={String(store.stopMinutes)}
          onChange={(_, d) => store.setStopMinutes(Number(d.value))}
        />
        <span className={s.muted}>分钟</span>
      </div>
      <Button type="submit" appearance="primary" disabled={store.loading} icon={store.loading ? <Spinner size="tiny" /> : undefined}>
        查询
      </Button>
      <Button disabled={!store.answer || store.exporting} onClick={() => void store.exportTrack()}>
        {store.exporting ? '导出中…' : '导出'}
      </Button>
      <span className={s.muted}>最长 {store.settings.maxRangeDays} 天</span>
    </form>
  );
});
