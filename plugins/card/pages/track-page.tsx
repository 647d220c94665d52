import { useEffect, useMemo, useState } from 'react';
import { Button, makeStyles, Text } from '@fluentui/react-components';
import {
  AssetMap,
  type AssetChoice,
  AssetRangePicker,
  type AreaStay,
  CardApi,
  chinaDay,
  chinaDayRange,
  DataTable,
  type DataTableColumn,
  dayTimeRange,
  expectOk,
  HttpService,
  type MapShape,
  MonitorApi,
  PageSection,
  type PersonStays,
  TrackPlayback,
  TrackPlayerBar,
  type TimeRange,
  useService,
} from '@tianlu/sdk';
import { clockOf, errorText } from '../attendance/attendance-api';
import { personStaysAhead } from '../health/badge-people-query';
import { useBadgePeople } from '../health/use-badge-people';

const useStyles = makeStyles({
  // the map and its player take what the list leaves, down to the width of the alarm desk's layout
  body: { display: 'grid', gridTemplateColumns: 'minmax(320px, 2fr) minmax(360px, 3fr)', gap: '12px' },
  map: { height: '460px' },
});

const duration = (s: number) => (s >= 3600 ? `${Math.floor(s / 3600)} 小时 ${Math.round((s % 3600) / 60)} 分` : `${Math.round(s / 60)} 分钟`);

/** /card/track 轨迹回放 (menu 1107): a person's day replayed on the map, their work areas drawn and the stays in them marked. */
export default function TrackPage() {
  const s = useStyles();
  const http = useService(HttpService);
  const playback = useMemo(() => new TrackPlayback(), []);
  useEffect(() => () => playback.dispose(), [playback]);
  const [range, setRange] = useState<TimeRange>(() => dayTimeRange(Date.now()));
  const day = range.start === undefined ? '' : chinaDay(range.start);
  const { people, personId, setPersonId, loadError } = useBadgePeople((id) => {
    if (day) void personStaysAhead(http, Number(id), day).catch(() => undefined);
  });
  const choices = useMemo(
    (): AssetChoice[] => (people ?? []).map((p) => ({ value: String(p.id), label: `${p.name}${p.employeeNo ? `（${p.employeeNo}）` : ''}` })),
    [people],
  );
  const [stays, setStays] = useState<PersonStays>();
  const [points, setPoints] = useState<number>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (!personId || !day) return;
    let live = true;
    (async () => {
      const answer = expectOk(await http.call(CardApi.personStays, { vehicleId: Number(personId), day }));
      const track = answer.terminalNo
        ? expectOk(await http.call(MonitorApi.track, { terminalNo: answer.terminalNo, ...chinaDayRange(day) }))
        : undefined;
      if (!live) return;
      const centre = new Map(answer.areas.map((a) => [a.id, a.center]));
      playback.pause();
      playback.setTrack({
        points: track?.points ?? [],
        // the stays at work areas are what this replay marks as its stops
        stops: answer.stays.map((st) => ({ startTime: st.start, endTime: st.end, durationSeconds: st.seconds, lon: centre.get(st.areaId)![0], lat: centre.get(st.areaId)![1] })),
      });
      setStays(answer);
      setPoints(track?.points.length ?? 0);
      setError(undefined);
    })().catch((e: unknown) => live && setError(errorText(e)));
    return () => {
      live = false;
    };
  }, [http, playback, personId, day]);

  const shapes = useMemo(
    (): MapShape[] => (stays?.areas ?? []).map((a) => ({ id: String(a.id), kind: 'circle', center: a.center, radius: a.radius, label: a.name })),
    [stays],
  );
  const columns: DataTableColumn<AreaStay>[] = [
    { key: 'area', title: '考勤区域', width: 110, render: (st) => st.areaName },
    { key: 'start', title: '进入', width: 64, render: (st) => clockOf(st.start) },
    { key: 'end', title: '离开', width: 64, render: (st) => clockOf(st.end) },
    { key: 'len', title: '停留', width: 100, render: (st) => duration(st.seconds) },
    { key: 'go', title: '', width: 64, pinned: true, render: (st) => <Button size="small" onClick={() => playback.seek(Date.parse(st.start))}>定位</Button> },
  ];

  return (
    <PageSection
      title="轨迹回放"
      error={error ?? loadError}
      filters={
        <>
          <AssetRangePicker noun="人员" assetInput="list" assets={choices} asset={personId} onAssetChange={setPersonId} rangeInput="day" range={range} onRangeChange={setRange} />
          {points !== undefined && <Text aria-live="polite">{`${points} 个位置，${stays?.stays.length ?? 0} 次在考勤区域停留`}</Text>}
        </>
      }
    >
      <div className={s.body}>
        <DataTable label="区域停留" rows={stays?.stays ?? []} columns={columns} rowKey={(st) => st.start} height={460} rowHeight={34} empty={stays ? '当天没有在考勤区域停留' : '加载中…'} />
        <div>
          <AssetMap items={[]} playback={playback} shapes={shapes} className={s.map} legend={false} />
          <TrackPlayerBar playback={playback} disabled={!points || points < 2} />
        </div>
      </div>
    </PageSection>
  );
}
