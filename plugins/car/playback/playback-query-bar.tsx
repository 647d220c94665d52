import { Button, Field, makeStyles, Spinner } from '@fluentui/react-components';
import { AssetRangePicker, Input, type AssetChoice } from '@tianlu/sdk';
import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import type { PlaybackStore } from './playback-store';

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '8px 12px' },
  minutes: { width: '72px' },
});

/** The asset (named in its kind's words), time range (quick choices or custom), stop threshold, 查询 and 导出. */
export const PlaybackQueryBar = observer(function PlaybackQueryBar(props: { store: PlaybackStore }) {
  const s = useStyles();
  const store = props.store;
  const assets = useMemo(
    (): AssetChoice[] => store.vehicles.map((v) => ({ value: v.terminalNo, label: v.plateNo ? `${v.plateNo}（${v.terminalNo}）` : v.terminalNo })),
    [store.vehicles],
  );

  return (
    <form
      className={s.bar}
      aria-label="轨迹查询"
      onSubmit={(e) => {
        e.preventDefault();
        void store.query();
      }}
    >
      <AssetRangePicker
        noun={store.words.noun}
        placeholder={`${store.words.nameLabel}或终端号`}
        assets={assets}
        asset={store.terminalNo}
        onAssetChange={(terminalNo) => store.setTerminal(terminalNo)}
        range={{ start: store.start, end: store.end }}
        onRangeChange={(r) => store.setRange(r.start, r.end)}
        maxDays={store.settings.maxRangeDays}
      />
      <Field label="停留阈值（分钟）">
        <Input
          className={s.minutes}
          type="number"
          min={1}
          max={1440}
          value={String(store.stopMinutes)}
          onChange={(_, d) => store.setStopMinutes(Number(d.value))}
        />
      </Field>
      <Button type="submit" appearance="primary" disabled={store.loading} icon={store.loading ? <Spinner size="tiny" /> : undefined}>
        查询
      </Button>
      <Button disabled={!store.answer || store.exporting} onClick={() => void store.exportTrack()}>
        {store.exporting ? '导出中…' : '导出'}
      </Button>
    </form>
  );
});
