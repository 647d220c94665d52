import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { TripChart } from './trip-chart';
import { observer } from 'mobx-react-lite';
import { formatChinaTime } from '../../china-time';
import { useService } from '../../react/use-service';
import { expectOk, HttpService } from '../../services/http-service';
import type { MonitorItem } from '../../services/live-service';
import { MonitorApi } from '../../contracts/monitor';
import { openingRange, tripLogListQuery, tripsQuery } from './trip-log-query';
import { activityWord } from '../../asset-vocabulary';
import type { TripAnswer, TripItem } from '../../track';
import { type QuickTimeRangeKey, type TimeRange } from '../../time-range';
import { AssetMap } from '../asset-map';
import { AssetRangePicker } from '../asset-range-picker';
import { DataTable, type DataTableColumn } from '../data-table';
import { TrackPlayerBar } from '../track-player';
import { TrackPlayback } from '../track-player/track-playback';
import { daysBetween, weekSummary } from './trip-summary';


/** The words of one page: 骑行记录 of e-bikes, 遛狗记录 of pets. */
export interface TripLogProps {
  assetKind: 'ebike' | 'pet' | 'person' | 'vehicle';
  /** Page title, e.g. 骑行记录. */
  title: string;
  /** What one trip is called: 骑行, 遛狗. */
  trip: string;
  /** What the assets are called in the picker: 电动车, 宠物. */
  noun: string;
}

const QUICK: readonly QuickTimeRangeKey[] = ['today', 'yesterday', 'last7days'];

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '12px', padding: '16px 20px', background: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusLarge },
  bar: { display: 'flex', gap: '8px', alignItems: 'flex-end', flexWrap: 'wrap' },
  // the list scrolls sideways inside itself when the map and its player need the room (alarm desk open)
  body: { display: 'grid', gridTemplateColumns: 'minmax(0, 3fr) minmax(300px, 2fr)', gap: '12px' },
  map: { height: '360px', borderRadius: tokens.borderRadiusMedium, overflow: 'hidden' },
  totals: { display: 'flex', gap: '20px', flexWrap: 'wrap' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** 1 小时 5 分, 12 分. */
export function durationText(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h} 小时 ${m} 分` : `${m} 分`;
}

/** The trips of an asset between two instants. */
/**
 * Trips of one asset (骑行记录, 遛狗记录): pick the asset and the days, read each trip's start, end,
 * distance, duration and speeds with the day's and the range's totals, and replay a trip on the map.
 */
const TripLogView = observer(function TripLogView(props: TripLogProps) {
  const s = useStyles();
  const http = useService(HttpService);
  const playback = useMemo(() => new TrackPlayback(), []);
  useEffect(() => () => playback.dispose(), [playback]);
  const [assets, setAssets] = useState<MonitorItem[]>([]);
  const [keyword, setKeyword] = useState('');
  const [terminalNo, setTerminalNo] = useState('');
  const [range, setRange] = useState<TimeRange>(() => openingRange(Date.now()));
  const [answer, setAnswer] = useState<TripAnswer>();
  const [playing, setPlaying] = useState<TripItem>();
  const [error, setError] = useState<string>();
  // a pet's trips are 遛狗 for a dog and 活动 for other pets: the species comes with the pet's detail
  const [species, setSpecies] = useState<string | number>();

  // what the effects below ask for an asset newly chosen from the list, asked as the list arrives
  // rather than once the page has drawn it (they then take these answers)
  const shown = useRef({ terminalNo, range });
  shown.current = { terminalNo, range };
  useEffect(() => {
    http
      .call(MonitorApi.list, tripLogListQuery(props.assetKind, keyword))
      .then((res) => {
        const list = expectOk(res).list;
        setAssets(list);
        const { terminalNo: current, range: days } = shown.current;
        const chosen = current && list.some((a) => a.terminalNo === current) ? current : (list[0]?.terminalNo ?? '');
        if (chosen && chosen !== current) {
          if (props.assetKind === 'pet') http.prefetch(MonitorApi.vehicleDetail, { terminalNo: chosen });
          if (days.start !== undefined && days.end !== undefined) http.prefetch(MonitorApi.trips, tripsQuery(chosen, days.start, days.end));
        }
        setTerminalNo(chosen);
      })
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [http, props.assetKind, keyword]);

  useEffect(() => {
    setSpecies(undefined);
    if (props.assetKind !== 'pet' || !terminalNo) return;
    let current = true;
    http
      .call(MonitorApi.vehicleDetail, { terminalNo })
      .then((res) => current && setSpecies(expectOk(res).profile?.species))
      .catch(() => undefined);
    return () => void (current = false);
  }, [http, props.assetKind, terminalNo]);
  const choices = useMemo(() => assets.map((a) => ({ value: a.terminalNo, label: a.plateNo ?? a.terminalNo })), [assets]);
  const trip = props.assetKind === 'pet' ? activityWord('pet', species) : props.trip;
  const title = props.assetKind === 'pet' ? `${trip}记录` : props.title;

  useEffect(() => {
    if (!terminalNo || range.start === undefined || range.end === undefined) return;
    setError(undefined);
    setPlaying(undefined);
    playback.setTrack({ points: [] });
    http
      .call(MonitorApi.trips, tripsQuery(terminalNo, range.start, range.end))
      .then((res) => setAnswer(expectOk(res)))
      .catch((e: unknown) => {
        setAnswer(undefined);
        setError(e instanceof Error ? e.message : String(e));
      });
  }, [http, terminalNo, range, playback]);

  const replay = async (trip: TripItem) => {
    setError(undefined);
    try {
      const track = expectOk(await http.call(MonitorApi.track, { terminalNo, start: trip.start, end: trip.end }));
      playback.setTrack({ points: track.points, stops: track.stops });
      setPlaying(trip);
      playback.play();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  const columns: DataTableColumn<TripItem>[] = [
    { key: 'start', title: '开始', width: 96, render: (t) => formatChinaTime(t.start, 'shortMinute') },
    { key: 'end', title: '结束', width: 96, render: (t) => formatChinaTime(t.end, 'shortMinute') },
    { key: 'distance', title: '距离', width: 84, align: 'right', render: (t) => `${t.distance.toFixed(2)} km` },
    { key: 'duration', title: '时长', width: 92, align: 'right', render: (t) => durationText(t.seconds) },
    { key: 'avg', title: '均速', width: 84, align: 'right', render: (t) => `${t.avgSpeed} km/h` },
    { key: 'max', title: '最高', width: 84, align: 'right', render: (t) => `${t.maxSpeed} km/h` },
    {
      key: 'replay', title: '', width: 64, pinned: true,
      render: (t) => <Button size="small" appearance={playing === t ? 'primary' : 'secondary'} onClick={() => void replay(t)}>回放</Button>,
    },
  ];
  // the week's days (with the empty ones) for 最近 7 天; the answer's own days otherwise
  const summary = answer && range.quick === 'last7days' ? weekSummary(answer) : undefined;
  const chartDays = summary?.days ?? (answer?.days.length ? daysBetween(answer, answer.days[0]!.day, answer.days.at(-1)!.day) : []);

  return (
    <section className={s.page}>
      <Text as="h2" size={500} weight="semibold">{title}</Text>
      <div className={s.bar}>
        <AssetRangePicker
          noun={props.noun}
          keyword={{ value: keyword, onChange: setKeyword }}
          assetInput="list"
          assets={choices}
          asset={terminalNo}
          onAssetChange={setTerminalNo}
          rangeInput="quick"
          quick={QUICK}
          range={range}
          onRangeChange={setRange}
        />
      </div>
      {error && <Text role="alert" className={s.error}>{error}</Text>}
      {answer && (
        <div className={s.totals} aria-label={`${trip}合计`}>
          <Text>{`${trip} ${answer.totals.count} 次`}</Text>
          <Text>{`共 ${answer.totals.distance.toFixed(2)} km`}</Text>
          <Text>{`用时 ${durationText(answer.totals.seconds)}`}</Text>
        </div>
      )}
      {summary && (
        <div className={s.totals} aria-label={`${trip}日周合计`}>
          <Text>{`今天 ${summary.today.count} 次 · ${summary.today.distance.toFixed(2)} km · ${durationText(summary.today.seconds)}`}</Text>
          <Text>{`最近 7 天 ${summary.week.count} 次 · ${summary.week.distance.toFixed(2)} km · ${durationText(summary.week.seconds)}`}</Text>
          <Text>{`日均 ${summary.dailyDistance.toFixed(2)} km`}</Text>
        </div>
      )}
      {chartDays.length > 0 && (
        <div aria-label="每日距离">
          <TripChart days={chartDays} trip={trip} />
        </div>
      )}
      <div className={s.body}>
        <DataTable label={title} rows={answer?.trips ?? []} columns={columns} rowKey={(t) => t.start} height={360} empty={answer ? `所选时间内没有${trip}` : '加载中…'} />
        <div>
          <AssetMap items={[]} playback={playback} className={s.map} legend={false} />
          <TrackPlayerBar playback={playback} disabled={!playing} />
        </div>
      </div>
    </section>
  );
});
export default TripLogView;
