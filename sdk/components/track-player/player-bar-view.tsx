import { Button, makeStyles, Text, tokens, ToggleButton, Tooltip } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { formatChinaTime } from '../../china-time';
import type { TrackPlayerBarProps } from './track-player-props';
import { PLAYBACK_RATES } from './track-playback';

const useStyles = makeStyles({
  // narrower than its controls, the bar wraps (the readout goes below) instead of cutting them
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: '10px', rowGap: '4px', minWidth: 0 },
  slider: { flex: '1 1 120px', minWidth: '120px', accentColor: tokens.colorBrandBackground, cursor: 'pointer' },
  rates: { display: 'flex', gap: '2px' },
  rate: { minWidth: '36px' },
  readout: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', color: tokens.colorNeutralForeground2 },
});

const SLIDER_STEPS = 1000;

/** The controls behind {@link TrackPlayerBar}; loaded on demand. */
const PlayerBarView = observer(function PlayerBarView(props: TrackPlayerBarProps) {
  const s = useStyles();
  const p = props.playback;
  const slider = useRef<HTMLInputElement>(null);
  const readout = useRef<HTMLSpanElement>(null);
  const dragging = useRef(false);

  useEffect(() => {
    const update = () => {
      if (slider.current && !dragging.current) slider.current.value = String(Math.round(p.progress * SLIDER_STEPS));
      const pos = p.positionAt();
      if (readout.current) readout.current.textContent = pos ? `${formatChinaTime(pos.time, 'short')}  ${Math.round(pos.speed)} km/h` : '--';
    };
    update();
    const a = p.subscribe(update);
    const b = p.onTrackChange(update);
    return () => {
      a.dispose();
      b.dispose();
    };
  }, [p]);

  const disabled = props.disabled || p.length < 2;
  return (
    <div className={s.bar} role="group" aria-label="轨迹播放">
      <Button appearance="primary" disabled={disabled} onClick={() => (p.playing ? p.pause() : p.play())} data-playing={p.playing}>
        {p.playing ? '暂停' : '播放'}
      </Button>
      <div className={s.rates} role="radiogroup" aria-label="播放速度">
        {PLAYBACK_RATES.map((r) => (
          <Tooltip key={r} content={`每秒 ${r} 分钟`} relationship="description">
            <ToggleButton className={s.rate} size="small" checked={p.rate === r} role="radio" aria-checked={p.rate === r} onClick={() => p.setRate(r)}>
              {r}×
            </ToggleButton>
          </Tooltip>
        ))}
      </div>
      <input
        ref={slider}
        className={s.slider}
        type="range"
        min={0}
        max={SLIDER_STEPS}
        defaultValue={0}
        disabled={disabled}
        aria-label="播放进度"
        onPointerDown={() => (dragging.current = true)}
        onPointerUp={() => (dragging.current = false)}
        onChange={(e) => p.seekProgress(Number(e.currentTarget.value) / SLIDER_STEPS)}
      />
      <Text className={s.readout}>
        <span ref={readout} data-testid="playback-readout" />
      </Text>
    </div>
  );
});
export default PlayerBarView;
