/**
 * How uncertain a position placed at the device's last known fix is (a report with no fix and no
 * known cell or access point): the radius that fix had (a GPS fix: none), grown at walking pace for
 * every second since it, at least LAST_FIX_FLOOR_M and at most LAST_FIX_CAP_M (or the fix's own
 * radius when that is wider). The growth is linear, so a chain of such positions, each placed at the
 * one before, ends with the radius measured from the original fix.
 */
export const LAST_FIX_FLOOR_M = 50;
/** Metres per second: a walk (3.6 km/h), how the badges, collars and parked e-bikes mostly move. */
export const LAST_FIX_GROWTH_M_PER_S = 1;
export const LAST_FIX_CAP_M = 5000;

/** Radius in whole metres of a position at `at` placed at a fix of `fixTime` whose own radius was `fixAccuracy`. */
export function lastFixAccuracy(fixAccuracy: number | undefined, fixTime: Date, at: Date): number {
  const own = fixAccuracy ?? 0;
  const seconds = Math.max(0, (at.getTime() - fixTime.getTime()) / 1000);
  return Math.round(Math.min(Math.max(LAST_FIX_CAP_M, own), Math.max(LAST_FIX_FLOOR_M, own) + LAST_FIX_GROWTH_M_PER_S * seconds));
}
