/**
 * What 行程报表, 停车报表, 超速报表 and 油耗报表 read of one terminal's day: its trips, stops,
 * overspeed stretches and fuel figures, from the day's positions. Pure functions over
 * {@link TrackColumns}; the trips are those of 轨迹 trips.json ({@link findTrips}).
 */
import { distance } from '../../sdk/geo';
import { findStops, type StandingTest } from '../track/track-analysis';
import { isStanding, STANDING_KMH, type TrackColumns } from '../track/track-columns';
import { findTrips, type TrackSpan } from '../track/trip-detection';

export type DayEventKind = 'trip' | 'stop' | 'overspeed' | 'fuelDrop';

export interface DayEvent extends TrackSpan {
  kind: DayEventKind;
  /** Stops: ACC on for most of the stop (the engine idled). */
  acc: boolean | null;
  /** Stops: seconds with ACC on; overspeed: the limit, km/h; fuel drops: litres lost. */
  value: number | null;
}

export interface DayFuel {
  readings: number;
  /** Litres at the day's first and last reading. */
  first: number | null;
  last: number | null;
  /** Litres: the sum of the level's falls between readings. */
  used: number;
  /** Litres: the sum of rises of at least {@link REFUEL_LITRES} (smaller ones are the level sloshing). */
  added: number;
}

export interface DayEventOptions {
  /** A standing spell this long is a stop and ends a trip, seconds. */
  stopSeconds: number;
  /** Shorter moves are GPS drift, metres. */
  minTripMetres: number;
  /** Vehicles and e-bikes stand with ACC off too; people and pets carry no ignition. */
  acc: boolean;
  /** 超速: above this, km/h (the vehicle's 限速, else the tenant's 平台超速 limit). */
  speedLimit: number;
  /** 超速: a stretch counts from this long, seconds. */
  overspeedSeconds: number;
}

/** A rise of the fuel level this large is a refuelling, litres. */
export const REFUEL_LITRES = 2;
/** A fall this large between two readings of a standing vehicle is a fuel drop (theft, a leak), litres. */
export const FUEL_DROP_LITRES = 5;
/** … when the two readings are at most this far apart, ms. */
const FUEL_DROP_MS = 30 * 60_000;

const slow: StandingTest = (c, i) => c.speed[i] < STANDING_KMH;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** The day's trips, stops, overspeed stretches and fuel drops (each kind in time order) and its fuel figures. */
export function dayEvents(c: TrackColumns, fuel: Float64Array, options: DayEventOptions): { events: DayEvent[]; fuel: DayFuel } {
  const events: DayEvent[] = [];
  for (const t of findTrips(c, { stopSeconds: options.stopSeconds, minMetres: options.minTripMetres, acc: options.acc })) {
    events.push({
      kind: 'trip', start: t.start, end: t.end, startLon: t.startLon, startLat: t.startLat, endLon: t.endLon, endLat: t.endLat,
      metres: t.metres, seconds: t.seconds, maxSpeed: t.maxSpeed, avgSpeed: t.avgSpeed, acc: null, value: null,
    });
  }
  events.push(...stops(c, options));
  events.push(...overspeeds(c, options));
  const figures = fuelFigures(c, fuel);
  events.push(...figures.drops);
  return { events, fuel: figures.fuel };
}

function stops(c: TrackColumns, options: DayEventOptions): DayEvent[] {
  return findStops(c, options.stopSeconds, options.acc ? isStanding : slow).map((s) => {
    let accMs = 0;
    for (let i = s.startIndex; i < s.endIndex; i++) if ((c.statusFlags[i] & 1) !== 0) accMs += c.t[i + 1] - c.t[i];
    const seconds = Math.round((s.end - s.start) / 1000);
    const accSeconds = Math.round(accMs / 1000);
    const a = s.startIndex;
    return {
      kind: 'stop', start: s.start, end: s.end, startLon: c.lon[a], startLat: c.lat[a], endLon: c.lon[a], endLat: c.lat[a],
      metres: 0, seconds, maxSpeed: 0, avgSpeed: 0, acc: accSeconds * 2 > seconds, value: accSeconds,
    } satisfies DayEvent;
  });
}

/**
 * Stretches of consecutive reports above the limit: from the first report above it to the first
 * one back at or under it (or the last report), kept from `overspeedSeconds` long.
 */
function overspeeds(c: TrackColumns, options: DayEventOptions): DayEvent[] {
  const out: DayEvent[] = [];
  const n = c.length;
  let i = 0;
  while (i < n) {
    if (!(c.speed[i] > options.speedLimit)) {
      i++;
      continue;
    }
    const a = i;
    let max = 0;
    let sum = 0;
    let metres = 0;
    for (; i < n && c.speed[i] > options.speedLimit; i++) {
      max = Math.max(max, c.speed[i]);
      sum += c.speed[i];
      if (i > a) metres += distance([c.lon[i - 1], c.lat[i - 1]], [c.lon[i], c.lat[i]]);
    }
    const b = i < n ? i : n - 1;
    if (b > i - 1) metres += distance([c.lon[i - 1], c.lat[i - 1]], [c.lon[b], c.lat[b]]);
    const seconds = Math.round((c.t[b] - c.t[a]) / 1000);
    if (seconds >= options.overspeedSeconds && b > a) {
      out.push({
        kind: 'overspeed', start: c.t[a], end: c.t[b], startLon: c.lon[a], startLat: c.lat[a], endLon: c.lon[b], endLat: c.lat[b],
        metres: Math.round(metres), seconds, maxSpeed: round1(max), avgSpeed: round1(sum / (i - a)), acc: null, value: options.speedLimit,
      });
    }
  }
  return out;
}

function fuelFigures(c: TrackColumns, fuel: Float64Array): { fuel: DayFuel; drops: DayEvent[] } {
  let readings = 0;
  let first: number | null = null;
  let last = -1;
  let used = 0;
  let added = 0;
  const drops: DayEvent[] = [];
  for (let i = 0; i < c.length; i++) {
    const litres = fuel[i];
    if (Number.isNaN(litres)) continue;
    readings++;
    first ??= litres;
    if (last >= 0) {
      const delta = litres - fuel[last];
      if (delta < 0) used -= delta;
      else if (delta >= REFUEL_LITRES) added += delta;
      const standing = isStanding(c, last) && isStanding(c, i);
      if (-delta >= FUEL_DROP_LITRES && standing && c.t[i] - c.t[last] <= FUEL_DROP_MS) {
        drops.push({
          kind: 'fuelDrop', start: c.t[last], end: c.t[i], startLon: c.lon[i], startLat: c.lat[i], endLon: c.lon[i], endLat: c.lat[i],
          metres: 0, seconds: Math.round((c.t[i] - c.t[last]) / 1000), maxSpeed: 0, avgSpeed: 0, acc: null, value: round1(-delta),
        });
      }
    }
    last = i;
  }
  return { fuel: { readings, first, last: last >= 0 ? fuel[last] : null, used: round1(used), added: round1(added) }, drops };
}
