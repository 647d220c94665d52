/**
 * The one rule by which positions add distance. 里程报表 (a day's GPS mileage), 轨迹回放's totals,
 * trips (骑行记录, 遛狗记录, a person's walks, 行程报表) and 超速报表's stretches all sum with it, so the
 * same positions give the same distance everywhere.
 *
 * Readings are taken in time order. Only satellite fixes count: an approximate position (found from
 * cells or WiFi, or placed at the last known fix) never adds distance and never becomes the anchor,
 * and neither does an unlocated one (0, 0). The first counted fix is the anchor; every later fix is
 * measured from it, not from the fix before:
 *
 * - closer to the anchor than the larger of the two fixes' accuracy radius: jitter. Nothing is
 *   added and the anchor stays, so a slow walk still adds up once it has left the radius.
 *   A satellite fix without a reported radius counts as the kind's {@link OdometerRule.floorMetres}.
 * - farther, but faster than the kind's {@link OdometerRule.maxKmh} since the anchor: a jump.
 *   Nothing is added and the anchor stays, so the next good fix is measured from where the asset was.
 * - otherwise the great-circle displacement is added and the fix becomes the anchor.
 *
 * A person standing still with fixes scattered 20 m around them adds nothing (any two such fixes
 * are at most 40 m apart, under a badge's 50 m); a ride sampled every few seconds adds its path
 * (steps longer than the radius, each counted). What stays closer than the radius at the end of a
 * stretch (the last few metres of a trip) is not counted.
 */
import { distance } from '../../sdk/geo';
import { approximateFix } from '../../sdk/position';
import type { AssetKind } from '../../sdk/asset-kinds';
import type { TrackColumns } from './track-columns';

/** How a kind of asset moves, for the odometer. */
export interface OdometerRule {
  /** Faster than this between the anchor and a fix is a position jump, km/h. */
  maxKmh: number;
  /** The accuracy radius of a satellite fix that reports none, metres. */
  floorMetres: number;
}

/**
 * Per kind: a car or truck (200 km/h; a roof or dashboard antenna, 10 m); an e-bike, 电动摩托 included
 * (80 km/h; 15 m); a person with a badge, on foot or on a bicycle (40 km/h; a body-worn antenna near
 * buildings, 50 m); a pet's collar (60 km/h, a dog's sprint; 50 m).
 */
export const ODOMETER_RULES: Readonly<Record<AssetKind, OdometerRule>> = {
  vehicle: { maxKmh: 200, floorMetres: 10 },
  ebike: { maxKmh: 80, floorMetres: 15 },
  person: { maxKmh: 40, floorMetres: 50 },
  pet: { maxKmh: 60, floorMetres: 50 },
};

/** The rule of an asset kind; a terminal without an asset (or of an unknown kind) counts as a vehicle. */
export function odometerRule(kind: string | null | undefined): OdometerRule {
  return Object.hasOwn(ODOMETER_RULES, kind ?? '') ? ODOMETER_RULES[kind as AssetKind] : ODOMETER_RULES.vehicle;
}

/** Whether a stored fix kind (`extras.fix`) is approximate: anything but a satellite fix (absent or 'gps'). */
export function isApproximateFix(fix: string | null | undefined): boolean {
  return approximateFix(fix) !== null;
}

/** The distance of readings fed in time order under one {@link OdometerRule}. */
export class Odometer {
  /** Metres counted so far. */
  metres = 0;
  private anchorT = NaN;
  private anchorLon = 0;
  private anchorLat = 0;
  private anchorRadius = 0;
  private readonly maxMetresPerMs: number;

  constructor(private readonly rule: OdometerRule) {
    this.maxMetresPerMs = rule.maxKmh / 3600;
  }

  /**
   * Feeds one reading (time epoch ms; `accuracy` metres, NaN or absent when not reported) and
   * answers the metres it added.
   */
  read(t: number, lon: number, lat: number, approximate: boolean, accuracy = NaN): number {
    if (approximate || (lon === 0 && lat === 0)) return 0;
    const radius = accuracy > 0 ? accuracy : this.rule.floorMetres;
    if (Number.isNaN(this.anchorT)) {
      this.anchor(t, lon, lat, radius);
      return 0;
    }
    const metres = distance([this.anchorLon, this.anchorLat], [lon, lat]);
    if (metres <= Math.max(radius, this.anchorRadius)) return 0;
    if (metres > (t - this.anchorT) * this.maxMetresPerMs) return 0;
    this.metres += metres;
    this.anchor(t, lon, lat, radius);
    return metres;
  }

  /** An odometer in this one's state, fed on independently of it. */
  clone(): Odometer {
    const copy = new Odometer(this.rule);
    copy.metres = this.metres;
    copy.anchor(this.anchorT, this.anchorLon, this.anchorLat, this.anchorRadius);
    return copy;
  }

  private anchor(t: number, lon: number, lat: number, radius: number): void {
    this.anchorT = t;
    this.anchorLon = lon;
    this.anchorLat = lat;
    this.anchorRadius = radius;
  }
}

/** Metres the positions `from` … `to` (both included) of a track add under `rule`. */
export function trackMetres(c: TrackColumns, from: number, to: number, rule: OdometerRule): number {
  const odometer = new Odometer(rule);
  for (let i = from; i <= to; i++) odometer.read(c.t[i], c.lon[i], c.lat[i], c.approximate[i] === 1, c.accuracy[i]);
  return odometer.metres;
}
