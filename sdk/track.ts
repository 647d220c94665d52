/**
 * 轨迹回放 contract: the answer of GET /car/v4/api/track/list.json (docs/api-contract.md) and pure
 * helpers shared by the server and the console. No DOM, no React.
 */
import { chinaDayStart, toChinaIso } from './china-time';
import type { PositionReadings } from './position';

/** One position of a track; the MonitorItem fields a stored position has. */
export interface TrackPoint {
  terminalNo: string;
  plateNo: string | null;
  /** WGS84 degrees. */
  lon: number;
  lat: number;
  /** km/h. */
  speed: number;
  /** Degrees clockwise from north. */
  course: number;
  /** Metres. */
  altitude: number;
  /** ISO 8601 with offset. */
  gpsTime: string;
  receivedTime: string;
  alarmFlags: number;
  statusFlags: number;
  acc: boolean;
  located: boolean;
  /** Odometer, km (null when the terminal does not report it). */
  mileage: number | null;
  /** Reported late (0x0704 backfill). */
  backfill?: boolean;
  /** An approximate position (GT06 / watch LBS, WiFi or last known): how it was found and its radius in metres. */
  fix?: 'lbs' | 'wifi' | 'last';
  accuracy?: number;
  /** What the report measured beyond the fix, by reading key, as the live position's `readings` (absent when nothing). */
  readings?: PositionReadings;
}

/** A stop (停留点): speed under 1 km/h or ACC off for at least the stop threshold. */
export interface TrackStop {
  startTime: string;
  endTime: string;
  durationSeconds: number;
  /** Where the vehicle stood (WGS84). */
  lon: number;
  lat: number;
}

/** An alarm episode along the track: consecutive positions with alarm bits set. */
export interface TrackAlarm {
  startTime: string;
  endTime: string;
  /** Every alarm bit seen during the episode (OR). */
  alarmFlags: number;
  lon: number;
  lat: number;
  speed: number;
}

/** Figures of the whole queried range (never of a simplified subset). */
export interface TrackTotals {
  /** Distance driven, km: from the odometer when reported, else the sum of great-circle steps. */
  mileageKm: number;
  mileageSource: 'odometer' | 'gps';
  /** Seconds spent moving (ACC on and at least 1 km/h). */
  drivingSeconds: number;
  stopCount: number;
  stopSeconds: number;
  /** km/h. */
  maxSpeed: number;
  startTime: string | null;
  endTime: string | null;
}

/** The answer of track/list.json. Without `zoom` the points are every stored position. */
export interface TrackAnswer {
  terminalNo: string;
  plateNo: string | null;
  /** Time-ordered; with `zoom`, the positions kept by the simplification (and only those in `bbox` when given). */
  points: TrackPoint[];
  /** Stored positions in the range. */
  totalPoints: number;
  /** Whether `points` is a subset of the stored positions. */
  simplified: boolean;
  /** The stop threshold used, minutes. */
  stopMinutes: number;
  stops: TrackStop[];
  alarms: TrackAlarm[];
  totals: TrackTotals;
  /** Speed over time for charts, at most a few thousand samples (with `zoom` only): epoch ms and km/h. */
  speedSeries?: { t: number[]; v: number[] };
}

/** Paged positions of track/points.json. */
export interface TrackPointPage {
  total: number;
  list: TrackPoint[];
}

/** Limits of track queries (track/settings.json). */
export interface TrackSettings {
  /** The longest range one query may cover, days. */
  maxRangeDays: number;
  /** Default stop threshold, minutes. */
  stopMinutes: number;
}

/**
 * Metres one screen pixel covers at `zoom` on a Web Mercator map, at the equator and in Mercator
 * metres everywhere (the unit track simplification measures in).
 */
export function mercatorMetresPerPixel(zoom: number): number {
  return (2 * Math.PI * 6378137) / (256 * 2 ** zoom);
}

/**
 * Merges two time-ordered point lists into one (a point present in both, by gpsTime, once). A
 * refined answer for part of the map adds its points to the coarse track this way.
 */
export function mergeTrackPoints(a: readonly TrackPoint[], b: readonly TrackPoint[]): TrackPoint[] {
  const out: TrackPoint[] = [];
  let i = 0;
  let j = 0;
  let ta = i < a.length ? Date.parse(a[i].gpsTime) : Infinity;
  let tb = j < b.length ? Date.parse(b[j].gpsTime) : Infinity;
  while (i < a.length || j < b.length) {
    if (ta <= tb) {
      out.push(a[i]);
      if (ta === tb) tb = ++j < b.length ? Date.parse(b[j].gpsTime) : Infinity;
      ta = ++i < a.length ? Date.parse(a[i].gpsTime) : Infinity;
    } else {
      out.push(b[j]);
      tb = ++j < b.length ? Date.parse(b[j].gpsTime) : Infinity;
    }
  }
  return out;
}

/** Names of the JT/T 808 alarm bits a track shows, lowest bit first. */
export const ALARM_BIT_NAMES: Record<number, string> = {
  0: '紧急报警',
  1: '超速报警',
  2: '疲劳驾驶',
  3: '危险预警',
  4: 'GNSS模块故障',
  5: 'GNSS天线未接或被剪断',
  6: 'GNSS天线短路',
  7: '终端主电源欠压',
  8: '终端主电源掉电',
  18: '当天累计驾驶超时',
  19: '超时停车',
  20: '进出区域',
  21: '进出路线',
  26: '车辆被盗',
  27: '车辆非法点火',
  28: '车辆非法位移',
  29: '碰撞预警',
  30: '侧翻预警',
};

/** The Chinese names of the set alarm bits, e.g. `超速报警、疲劳驾驶`; other bits as `报警位 n`. */
export function alarmNames(flags: number): string {
  const names: string[] = [];
  for (let bit = 0; bit < 32; bit++) if ((flags >>> bit) & 1) names.push(ALARM_BIT_NAMES[bit] ?? `报警位 ${bit}`);
  return names.join('、');
}

/** The 轨迹回放 page and the menu that grants it. */
export const TRACK_PLAYBACK_PATH = '/car/playback';
export const TRACK_PLAYBACK_MENU_ID = 8200;

/**
 * The query that opens 轨迹回放 for a terminal (with `NavigationService.openTab`, which adds
 * `urlType=blank`): today from 00:00 China time until now, unless a range is given.
 */
export function playbackLinkQuery(terminalNo: string, range?: { start: number; end: number }, now = Date.now()): Record<string, string> {
  const start = range?.start ?? chinaDayStart(now);
  const end = range?.end ?? now;
  return { terminalNo, start: toChinaIso(start), end: toChinaIso(end) };
}

/** One trip of track/trips.json (times ISO 8601 with offset, distance km, speeds km/h). */
export interface TripItem {
  start: string;
  end: string;
  startLon: number;
  startLat: number;
  endLon: number;
  endLat: number;
  distance: number;
  seconds: number;
  maxSpeed: number;
  avgSpeed: number;
}

/** What track/trips.json answers: the trips, their count, distance and time per day (China) and in total. */
export interface TripAnswer {
  terminalNo: string;
  plateNo: string | null;
  /** vehicle, person, pet or ebike (what decides how standing is told). */
  assetKind?: string | null;
  trips: TripItem[];
  days: { day: string; count: number; distance: number; seconds: number }[];
  totals: { count: number; distance: number; seconds: number };
}

/** One reading of an e-bike's (or a device's) battery, as track/battery.json answers it. */
export interface BatteryPoint {
  /** ISO 8601 with offset. */
  time: string;
  /** Battery voltage, V (e-bike guards). */
  voltage: number | null;
  /** Charge, %: read from the voltage by the pack's nominal voltage, else what the device reports. */
  battery: number | null;
  charging: boolean | null;
}

/** track/battery.json: the battery of a terminal over a time range. */
export interface BatteryHistory {
  terminalNo: string;
  plateNo: string | null;
  /** The pack's nominal voltage (电池电压 of the e-bike), when set. */
  nominalVoltage: number | null;
  points: BatteryPoint[];
}
