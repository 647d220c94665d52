import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { formatChinaTime, TRACK_COLORS } from '@tianlu/sdk';
import type { PlaybackStore } from './playback-store';
import { formatDuration } from './playback-range';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '10px', minHeight: 0, height: '100%' },
  totals: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '8px' },
  figure: { display: 'flex', flexDirection: 'column', padding: '6px 8px', borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground2 },
  key: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  value: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400, fontVariantNumeric: 'tabular-nums' },
  stops: { flex: 1, minHeight: 0, overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: '4px', margin: 0, padding: 0, listStyle: 'none' },
  stop: {
    display: 'grid',
    gridTemplateColumns: '22px 1fr',
    gap: '2px 8px',
    padding: '6px',
    borderRadius: tokens.borderRadiusMedium,
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  badge: { width: '20px', height: '20px', borderRadius: '50%', color: '#fff', fontSize: '11px', display: 'grid', placeItems: 'center', gridRow: '1 / span 2' },
  muted: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  legend: { display: 'flex', flexWrap: 'wrap', gap: '4px 10px', fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2 },
  swatch: { display: 'inline-block', width: '14px', height: '4px', borderRadius: '2px', verticalAlign: 'middle', marginRight: '4px' },
});

/** 统计 (mileage, moving time in the asset's word, stops) and the list of 停留点; a stop click moves the replay there. */
export const PlaybackSummary = observer(function PlaybackSummary(props: { store: PlaybackStore }) {
  const s = useStyles();
  const { store } = props;
  const answer = store.answer;
  const totals = answer?.totals;
  const moving = store.words.moving;
  const figures: [string, string][] = [
    ['里程', totals ? `${totals.mileageKm.toFixed(1)} km` : '-'],
    [`${moving}时长`, totals ? formatDuration(totals.drivingSeconds) : '-'],
    ['停留次数', totals ? `${totals.stopCount} 次` : '-'],
    ['停留时长', totals ? formatDuration(totals.stopSeconds) : '-'],
    ['最高速度', totals ? `${Math.round(totals.maxSpeed)} km/h` : '-'],
    ['定位点', answer ? `${answer.totalPoints}` : '-'],
  ];
  return (
    <div className={s.root}>
      <div className={s.totals} aria-label="轨迹统计" data-testid="playback-totals">
        {figures.map(([k, v]) => (
          <div key={k} className={s.figure}>
            <span className={s.key}>{k}</span>
            <span className={s.value}>{v}</span>
          </div>
        ))}
      </div>
      <div className={s.legend}>
        <span><i className={s.swatch} style={{ background: TRACK_COLORS.travelled }} />已{moving}</span>
        <span><i className={s.swatch} style={{ background: TRACK_COLORS.ahead }} />未{moving}</span>
        <span style={{ color: TRACK_COLORS.stop }}>● 停留点</span>
        <span style={{ color: TRACK_COLORS.alarm }}>● 报警点 {answer ? answer.alarms.length : 0}</span>
      </div>
      <Text weight="semibold">停留点（≥ {answer?.stopMinutes ?? store.stopMinutes} 分钟）</Text>
      {answer && answer.stops.length === 0 && <span className={s.muted}>无停留点</span>}
      <ul className={s.stops} aria-label="停留点">
        {answer?.stops.map((stop, i) => (
          <li key={stop.startTime} className={s.stop} onClick={() => store.playback.seek(Date.parse(stop.startTime))} title="定位到此停留点">
            <span className={s.badge} style={{ background: TRACK_COLORS.stop }}>
              {i + 1}
            </span>
            <span>
              {formatChinaTime(stop.startTime, 'short')} 停留 {formatDuration(stop.durationSeconds)}
            </span>
            <span className={s.muted}>{store.stopAddresses.get(i) ?? '解析中…'}</span>
          </li>
        ))}
      </ul>
    </div>
  );
});
