/**
 * A hand-made vehicle day for the report tests, one report every 10 s from 08:00:00 (China time):
 *
 * - 08:00:00–08:20:00 north at 36 km/h, 0.0009° (100.075 m) a report, ACC on; fuel 60 L falling 0.05 L a report;
 * - 08:20:10–08:30:00 parked, ACC off (a 10-minute stop); at 08:25:10 the fuel falls from 54 L to 46 L (a fuel drop);
 * - 08:30:10–08:50:00 north again at 36 km/h, above the 100 km/h limit (120 km/h) for the 12 reports of 08:36:50–08:38:40;
 *   fuel falling 0.05 L a report to 40 L;
 * - 08:50:10–09:00:00 standing with ACC on (idling); refuelled to 70 L at 08:56:40.
 *
 * What the reports must say (hand computed): two trips, 08:00:00–08:20:10 (1210 s, 120 steps = 12.01 km) and
 * 08:30:10–08:50:10 (1200 s, 119 steps = 11.91 km); stops 08:20:10–08:30:10 (600 s, ACC off) and 08:50:10–09:00:00
 * (590 s, ACC on); one overspeed 08:36:50–08:38:50 (120 s, max 120); fuel used 6 + 8 + 6 = 20 L, added 30 L, one
 * 8 L drop.
 */
export interface FixturePoint {
  /** Epoch ms. */
  t: number;
  lon: number;
  lat: number;
  speed: number;
  acc: boolean;
  fuel: number;
}

export const FIXTURE_STEP_DEGREES = 0.0009;

export function reportDayTrack(day: string): FixturePoint[] {
  const t0 = Date.parse(`${day}T08:00:00+08:00`);
  const points: FixturePoint[] = [];
  let lat = 30;
  let fuel = 60;
  for (let i = 0; i <= 360; i++) {
    const moving = i <= 120 || (i >= 181 && i <= 300);
    if (moving && i > 0) lat += FIXTURE_STEP_DEGREES;
    if (moving && i > 0) fuel -= 0.05;
    if (i === 151) fuel = 46;
    if (i === 340) fuel = 70;
    const speed = !moving ? 0 : i >= 221 && i <= 232 ? 120 : 36;
    points.push({ t: t0 + i * 10_000, lon: 116, lat: Math.round(lat * 1e7) / 1e7, speed, acc: moving || i > 300, fuel: Math.round(fuel * 100) / 100 });
  }
  return points;
}
