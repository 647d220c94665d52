/**
 * Seeded random vehicle days for the tests that compare a day analysed in increments with the whole
 * day: driving (sometimes above the limit), stops with ACC off and idling with ACC on, short pauses,
 * silent spells of a parked terminal (some right after a report above the limit), reports without a
 * fuel reading, the level falling, refuelled and dropping while parked.
 */
import { SeededRandom } from '../../sim/seeded-random';
import type { FixturePoint } from './report-track-fixture';

/** About `reports` reports of one vehicle from `start` (epoch ms) on; fuel NaN where the report has no reading. */
export function randomDayTrack(seed: number, start: number, reports = 400): FixturePoint[] {
  const rng = new SeededRandom(seed);
  const random = () => rng.next();
  const pick = (lo: number, hi: number) => rng.int(lo, hi);
  const points: FixturePoint[] = [];
  let t = start;
  let lon = 116 + random();
  let lat = 30 + random();
  let fuel = pick(20, 80);
  const step = pick(5, 60) * 1000;
  const report = (speed: number, acc: boolean) => {
    if (speed > 0) {
      const metres = (speed / 3.6) * (step / 1000);
      lat += metres / 111_000;
      lon += (random() - 0.5) * 0.0005;
      if (acc) fuel = Math.max(0, fuel - metres * 0.0001 * (0.5 + random()));
    }
    points.push({ t, lon: Math.round(lon * 1e7) / 1e7, lat: Math.round(lat * 1e7) / 1e7, speed, acc, fuel: random() < 0.15 ? NaN : Math.round(fuel * 100) / 100 });
    t += step + pick(0, 3) * 1000;
  };
  while (points.length < reports) {
    const what = random();
    if (what < 0.35) {
      // driving, now and then above the 100 km/h limit
      const fast = random() < 0.3;
      for (let k = pick(2, 40); k > 0; k--) report(fast && random() < 0.8 ? pick(101, 140) : pick(10, 95) + random(), random() < 0.97);
    } else if (what < 0.55) {
      // parked with ACC off, sometimes the fuel dropping or refuelled
      for (let k = pick(2, 30); k > 0; k--) {
        if (random() < 0.08) fuel -= pick(5, 12);
        if (random() < 0.05) fuel += pick(2, 40);
        report(random() < 0.1 ? random() * 0.9 : 0, false);
      }
    } else if (what < 0.7) {
      // idling with ACC on
      for (let k = pick(2, 30); k > 0; k--) report(random() < 0.9 ? 0 : random() * 0.9, true);
    } else if (what < 0.8) {
      // the terminal falls silent where it stands (sometimes right after a report above the limit)
      if (random() < 0.4) report(pick(101, 130), true);
      t += pick(1, 90) * 60_000;
    } else if (what < 0.9) {
      // a short pause in traffic
      for (let k = pick(1, 4); k > 0; k--) report(random() * 2, true);
    } else {
      // small level sloshing while driving slowly
      for (let k = pick(2, 10); k > 0; k--) {
        fuel += (random() - 0.5) * 3;
        report(pick(1, 30), true);
      }
    }
  }
  return points;
}
