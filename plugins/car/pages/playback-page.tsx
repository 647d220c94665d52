import { makeStyles, MessageBar, MessageBarBody, Spinner, Text, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import {
  AssetMap,
  GeocodeService,
  HttpService,
  NavigationService,
  ToastService,
  TrackPlayerBar,
  preloadTrackPlayer,
  TrackSpeedChart,
  useService,
  type MonitorItem,
} from '@tianlu/sdk';
import { PlaybackPointsTable } from '../playback/playback-points-table';
import { PlaybackQueryBar } from '../playback/playback-query-bar';
import { PlaybackStore } from '../playback/playback-store';
import { PlaybackSummary } from '../playback/playback-summary';

const NO_ITEMS: MonitorItem[] = [];

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '10px', height: '100%', minHeight: '720px', padding: '12px', boxSizing: 'border-box' },
  card: { backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusMedium, boxShadow: tokens.shadow2, padding: '10px 12px' },
  main: { flex: 1, minHeight: '320px', display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 300px', gap: '10px' },
  map: { position: 'relative', minHeight: 0, borderRadius: tokens.borderRadiusMedium, overflow: 'hidden', boxShadow: tokens.shadow2 },
  side: { minHeight: 0, overflow: 'hidden' },
  status: {
    position: 'absolute',
    top: '10px',
    left: '56px',
    zIndex: 800,
    display: 'flex',
    gap: '10px',
    alignItems: 'center',
    padding: '4px 10px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: 'rgba(255,255,255,0.94)',
    boxShadow: tokens.shadow4,
    fontSize: tokens.fontSizeBase200,
  },
  error: { position: 'absolute', top: '10px', right: '10px', zIndex: 800, maxWidth: '360px' },
  title: { display: 'flex', alignItems: 'baseline', gap: '10px', marginBottom: '8px' },
  chart: { padding: '4px 8px' },
});

/**
 * /car/playback 轨迹回放: a vehicle's track over a time range on the map, replayed with its speed
 * chart, stops, totals and every position in a table. Opened with `?urlType=blank&terminalNo=…&start=…&end=…`
 * (a tab of its own, from 实时监控 or the vehicle dialog) it queries at once.
 */
const PlaybackPage = observer(function PlaybackPage() {
  const s = useStyles();
  const http = useService(HttpService);
  const geocode = useService(GeocodeService);
  const toast = useService(ToastService);
  const nav = useService(NavigationService);
  const [store] = useState(() => new PlaybackStore({ http, geocode, toast }));

  useEffect(() => {
    preloadTrackPlayer();
    const search = nav.path.includes('?') ? nav.path.slice(nav.path.indexOf('?')) : window.location.search;
    const fromLink = store.applyQuery(search);
    void store.loadSettings().then(() => {
      if (fromLink) void store.query();
    });
    return () => store.dispose();
  }, [store]);

  const answer = store.answer;
  const title = answer ? `${answer.plateNo ?? answer.terminalNo}` : store.plateNo || store.terminalNo;
  return (
    <div className={s.root} data-testid="playback-page">
      <section className={s.card}>
        <div className={s.title}>
          <Text as="h1" size={500} weight="semibold">
            轨迹回放
          </Text>
          {title && <Text>{title}</Text>}
        </div>
        <PlaybackQueryBar store={store} />
      </section>
      <div className={s.main}>
        <section className={s.map} aria-label="轨迹地图">
          <AssetMap items={NO_ITEMS} playback={store.playback} onViewChange={store.onViewChange} legend={false} />
          {answer && (
            <div className={s.status} data-testid="playback-status">
              <span>
                地图点 <b>{store.loadedPoints}</b> / {answer.totalPoints}
              </span>
              {store.refining && <Spinner size="extra-tiny" label="细化中" />}
            </div>
          )}
          {store.error && (
            <MessageBar intent={store.answer?.points.length === 0 ? 'info' : 'error'} className={s.error}>
              <MessageBarBody>{store.error}</MessageBarBody>
            </MessageBar>
          )}
        </section>
        <aside className={`${s.card} ${s.side}`} aria-label="轨迹统计与停留点">
          <PlaybackSummary store={store} />
        </aside>
      </div>
      <section className={s.card}>
        <TrackPlayerBar playback={store.playback} disabled={store.loading} />
        <div className={s.chart}>
          {answer?.speedSeries && store.chartReady ? (
            <TrackSpeedChart playback={store.playback} series={answer.speedSeries} stops={answer.stops} height={150} />
          ) : (
            <div style={{ height: 150, display: 'grid', placeItems: 'center', color: tokens.colorNeutralForeground3 }}>
              {store.loading ? <Spinner size="small" label="查询中…" /> : '速度曲线'}
            </div>
          )}
        </div>
      </section>
      <section className={s.card}>
        <PlaybackPointsTable store={store} />
      </section>
    </div>
  );
});
export default PlaybackPage;
