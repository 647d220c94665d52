import { useEffect, useMemo, useState } from 'react';
import { Button, Field, Link, makeStyles, mergeClasses, Select, Text } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { hasPosition } from '../asset-status';
import { transformCoord, type CoordSystem, type LonLat } from '../geo';
import type { PlaceHit } from '../map-settings';
import { useService } from '../react/use-service';
import { ConfigService } from '../services/config-service';
import { GeocodeService } from '../services/geocode-service';
import { expectOk, HttpService } from '../services/http-service';
import { MONITOR_MAX_PAGE_SIZE, type MonitorItem } from '../services/live-service';
import { MonitorApi } from '../contracts/monitor';
import { NavigationService } from '../services/navigation-service';
import { shapeBounds, type DrawnShape, type MapShape } from './asset-map/map-shapes';
import { Input } from './text-input';

/** The datums a centre can be typed or pasted in (stored always as WGS84). */
export type CenterDatum = Extract<CoordSystem, 'WGS84' | 'GCJ02' | 'BD09'>;

export const CENTER_DATUM_LABELS: Record<CenterDatum, string> = {
  WGS84: 'WGS84',
  GCJ02: 'GCJ-02（高德）',
  BD09: 'BD-09（百度）',
};

const DATUMS = Object.keys(CENTER_DATUM_LABELS) as CenterDatum[];
/** 地图设置 of the centre, where a geocoding key is filled in. */
const MAP_SETTING_PATH = '/center/mapSetting';

const round6 = (v: number) => String(Number(v.toFixed(6)));

/** "lon,lat" (or "lon lat", "lon，lat") as numbers; undefined when it is not two numbers. */
export function parseLonLat(text: string): LonLat | undefined {
  const parts = text.trim().split(/[\s,，;；]+/).filter(Boolean);
  if (parts.length !== 2) return undefined;
  const [lon, lat] = parts.map(Number);
  return Number.isFinite(lon) && Number.isFinite(lat) ? [lon!, lat!] : undefined;
}

/** Why a typed centre is not usable (Chinese), or undefined when both fields are empty or fine. */
export function centerProblem(lon: string, lat: string): string | undefined {
  if (!lon.trim() && !lat.trim()) return undefined;
  const x = Number(lon), y = Number(lat);
  if (!lon.trim() || !Number.isFinite(x) || Math.abs(x) > 180) return '圆心经度须为 -180 到 180 之间的数字';
  if (!lat.trim() || !Number.isFinite(y) || Math.abs(y) > 90) return '圆心纬度须为 -90 到 90 之间的数字';
  return undefined;
}

/** A circle's centre as typed: the datum shown, the two fields, and the WGS84 point they stand for. */
export interface CenterEntry {
  datum: CenterDatum;
  lon: string;
  lat: string;
  /** The typed point in WGS84 (what is stored), when both fields are usable. */
  wgs84: LonLat | undefined;
  /** Why the typed fields are not usable. */
  problem: string | undefined;
  /** The user changed the centre (typed, pasted, drew or found it) since the entry opened. */
  touched: boolean;
  setDatum(datum: CenterDatum): void;
  setLon(text: string): void;
  setLat(text: string): void;
  /** Sets the centre from a WGS84 point (drawn or found), shown in the chosen datum. */
  setWgs84(point: LonLat): void;
  /** Starts over on another area's centre (WGS84), or empty; not a change of the user's. */
  reset(point?: LonLat): void;
}

/** State of a centre entry, opened on `initial` (WGS84) when given. */
export function useCenterEntry(initial?: LonLat): CenterEntry {
  const [datum, setDatumState] = useState<CenterDatum>('WGS84');
  const [lon, setLonState] = useState(initial ? String(initial[0]) : '');
  const [lat, setLatState] = useState(initial ? String(initial[1]) : '');
  const [touched, setTouched] = useState(false);
  const problem = centerProblem(lon, lat);
  const wgs84 = useMemo<LonLat | undefined>(
    () => (problem || !lon.trim() ? undefined : transformCoord([Number(lon), Number(lat)], datum, 'WGS84')),
    [problem, lon, lat, datum],
  );
  const show = (p: LonLat, d: CenterDatum) => {
    const [x, y] = transformCoord(p, 'WGS84', d);
    setLonState(round6(x));
    setLatState(round6(y));
  };
  return {
    datum, lon, lat, wgs84, problem, touched,
    setDatum: (d) => {
      // the same place, now written in the other datum
      if (wgs84) show(wgs84, d);
      setDatumState(d);
    },
    setLon: (t) => {
      setTouched(true);
      setLonState(t);
    },
    setLat: (t) => {
      setTouched(true);
      setLatState(t);
    },
    setWgs84: (p) => {
      setTouched(true);
      show(p, datum);
    },
    reset: (p) => {
      setTouched(false);
      if (p) show(p, datum);
      else {
        setLonState('');
        setLatState('');
      }
    },
  };
}

/** What {@link useCircleDrawing} gives a form that edits a circle on the asset map. */
export interface CircleDrawing {
  /** The map is in drawing mode. */
  drawing: boolean;
  /** The asset map's `draw`: 'circle' while drawing. */
  draw: 'circle' | undefined;
  /** The words of the button that starts and cancels drawing: 在地图上画圆 / 取消画圆. */
  buttonText: string;
  /** Starts drawing, or cancels it. */
  toggle(): void;
  /** The asset map's `onDraw`: a drawn circle ends drawing, sets the centre and the radius. */
  onDraw(shape: DrawnShape): void;
  /** {@link PlaceSearch}'s `onFound`: the place becomes the centre. */
  onFound(place: PlaceHit): void;
  /** How many places were found so far: a shape id that carries it brings each one into view. */
  found: number;
}

/**
 * Drawing a circle for a centre entry: 在地图上画圆 toggles the map's drawing mode; a drawn circle sets
 * the entry's centre and hands its radius (whole metres, as text) to `setRadius`; a place found by
 * address becomes the centre.
 */
export function useCircleDrawing(entry: CenterEntry, setRadius: (metres: string) => void): CircleDrawing {
  const [drawing, setDrawing] = useState(false);
  const [found, setFound] = useState(0);
  return {
    drawing,
    draw: drawing ? 'circle' : undefined,
    buttonText: drawing ? '取消画圆' : '在地图上画圆',
    toggle: () => setDrawing((d) => !d),
    onDraw: (shape) => {
      setDrawing(false);
      if (shape.kind !== 'circle') return;
      entry.setWgs84(shape.center);
      setRadius(String(Math.round(shape.radius)));
    },
    onFound: (place) => {
      entry.setWgs84([place.lon, place.lat]);
      setFound((n) => n + 1);
    },
    found,
  };
}

const useStyles = makeStyles({
  // two columns that share a narrow side panel (320 px) without pushing the right one out of it
  fields: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '8px 16px', '& .fui-Input, & .fui-Select': { minWidth: 0, maxWidth: '100%' } },
  wide: { gridColumn: '1 / -1' },
  row: { display: 'flex', gap: '8px', alignItems: 'flex-end' },
  grow: { flexGrow: 1 },
});

/**
 * 坐标系 (WGS84 / GCJ-02（高德） / BD-09（百度）), 圆心经度 and 圆心纬度 in that datum, and 粘贴坐标
 * taking "经度,纬度" text; the entry converts to the stored WGS84.
 */
export function CenterFields(props: { entry: CenterEntry; className?: string }) {
  const s = useStyles();
  const { entry } = props;
  const [pasted, setPasted] = useState('');
  const [pasteError, setPasteError] = useState<string>();
  const paste = (text: string) => {
    setPasted(text);
    if (!text.trim()) return setPasteError(undefined);
    const p = parseLonLat(text);
    const problem = p ? centerProblem(String(p[0]), String(p[1])) : '请粘贴“经度,纬度”，例如 116.397,39.909';
    setPasteError(problem);
    if (!p || problem) return;
    entry.setLon(String(p[0]));
    entry.setLat(String(p[1]));
  };
  const hint = `${CENTER_DATUM_LABELS[entry.datum]}，例如 `;
  return (
    <div className={mergeClasses(s.fields, props.className)}>
      <Field label="坐标系" hint={entry.datum === 'WGS84' ? '显示与输入的是 WGS84 坐标' : `显示与输入的是 ${CENTER_DATUM_LABELS[entry.datum]} 坐标，保存时换算为 WGS84`}>
        <Select value={entry.datum} onChange={(_, d) => entry.setDatum(d.value as CenterDatum)}>
          {DATUMS.map((d) => <option key={d} value={d}>{CENTER_DATUM_LABELS[d]}</option>)}
        </Select>
      </Field>
      <Field label="粘贴坐标" hint={pasteError ? undefined : `“经度,纬度”，按 ${CENTER_DATUM_LABELS[entry.datum]}`} validationMessage={pasteError}>
        <Input value={pasted} maxLength={60} counter={false} placeholder="116.397,39.909" onChange={(_, d) => paste(d.value)} />
      </Field>
      <Field label="圆心经度" required hint={`${hint}116.397`} validationMessage={entry.problem?.startsWith('圆心经度') ? entry.problem : undefined}>
        <Input value={entry.lon} inputMode="decimal" onChange={(_, d) => entry.setLon(d.value)} />
      </Field>
      <Field label="圆心纬度" required hint={`${hint}39.909`} validationMessage={entry.problem?.startsWith('圆心纬度') ? entry.problem : undefined}>
        <Input value={entry.lat} inputMode="decimal" onChange={(_, d) => entry.setLat(d.value)} />
      </Field>
    </div>
  );
}

/**
 * 按地址查找 when the tenant's map has a geocoding service (地图设置): the first place found is
 * handed to `onFound` (WGS84). Without one: a hint linking to 地图设置.
 */
export const PlaceSearch = observer(function PlaceSearch(props: { onFound: (place: PlaceHit) => void; className?: string }) {
  const s = useStyles();
  const config = useService(ConfigService);
  const geocode = useService(GeocodeService);
  const nav = useService(NavigationService);
  const [address, setAddress] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ text: string; error?: boolean }>();
  useEffect(() => void config.loadMap().catch(() => undefined), [config]);
  if (!config.map) return null;
  if (!config.map.geocoder) {
    return (
      <Text size={200} className={props.className}>
        配置地图服务后可按地址查找（<Link inline onClick={() => nav.navigate(MAP_SETTING_PATH)}>地图设置</Link>）
      </Text>
    );
  }
  const find = async () => {
    if (!address.trim()) return setResult({ text: '请输入地址', error: true });
    setBusy(true);
    try {
      const [hit] = await geocode.searchPlace(address.trim());
      if (!hit) return setResult({ text: `没有找到“${address.trim()}”`, error: true });
      setResult({ text: `已定位到 ${hit.name}` });
      props.onFound(hit);
    } catch (e) {
      setResult({ text: e instanceof Error && e.message ? e.message : '网络异常', error: true });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={props.className}>
      <div className={s.row}>
        <Field className={s.grow} label="按地址查找" validationMessage={result?.error ? result.text : undefined} validationState={result && !result.error ? 'success' : undefined}>
          <Input
            value={address}
            maxLength={100}
            placeholder="例如 北京市东城区天安门"
            onChange={(_, d) => setAddress(d.value)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              void find();
            }}
          />
        </Field>
        <Button disabled={busy} onClick={() => void find()}>查找</Button>
      </div>
      {result && !result.error && <Text size={200} role="status">{result.text}</Text>}
    </div>
  );
});

/** Positioned assets of one kind (person, pet, vehicle …) from the monitor list; [] until it answers or when it fails. */
export function useAssetsOfKind(assetKind: string | undefined): MonitorItem[] {
  const http = useService(HttpService);
  const [items, setItems] = useState<MonitorItem[]>([]);
  useEffect(() => {
    if (!assetKind) return;
    let live = true;
    http
      .call(MonitorApi.list, { current: 1, pageSize: MONITOR_MAX_PAGE_SIZE, status: 'all', assetKind })
      .then((res) => live && setItems(expectOk(res).list.filter(hasPosition)))
      .catch(() => undefined); // the map then opens on the area itself
    return () => {
      live = false;
    };
  }, [http, assetKind]);
  return items;
}

/**
 * The WGS84 box of positioned items and of `shapes` (each circle's or polygon's own box):
 * "minLon,minLat,maxLon,maxLat" (6 decimals), or undefined without any. With the shapes
 * the asset map fits (`fitShapes`) and its items, the box its `fitKey` brings into view.
 */
export function boundsText(items: readonly MonitorItem[], shapes: readonly MapShape[] = []): string | undefined {
  const placed = items.flatMap((i) => (hasPosition(i) ? [[i.lon, i.lat] as const] : []));
  for (const shape of shapes) {
    const [minLon, minLat, maxLon, maxLat] = shapeBounds(shape);
    placed.push([minLon, minLat], [maxLon, maxLat]);
  }
  if (!placed.length) return undefined;
  const lons = placed.map((p) => p[0]), lats = placed.map((p) => p[1]);
  return [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)].map((v) => v.toFixed(6)).join(',');
}
