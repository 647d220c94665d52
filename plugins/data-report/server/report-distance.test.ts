import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MileageItem } from '../../../sdk/report';
import type { TrackAnswer, TripAnswer } from '../../../sdk/track';
import { ApiClient, createTestServer, demoTenantClients, ManualClock, SeededRandom, type PositionRow, type TestServer } from '../../../server/module/testing';
import type { TripReportItem } from './report-event-views';
import { MonitorApi, ReportApi } from '../../../sdk/contracts';

const MILEAGE = ReportApi.mileage.path;
const TRIP_REPORT = ReportApi.trips.path;
const TRIPS = MonitorApi.trips.path;
const TRACK = MonitorApi.track.path;

// 05-01 has ended (its figures are stored), 05-03 is today (computed on each call)
const clock = new ManualClock(new Date('2026-05-03T12:00:00+08:00'));
/** Metres of one degree of latitude (R = 6371000, as sdk/geo's distance). */
const DEGREE = (6_371_000 * Math.PI) / 180;
const ORIGIN = { lon: 114.05, lat: 22.54 };
/** The ride: 1500 m east, then 1000 m north after a sharp turn: 2500 m. */
const RIDE_METRES = 2500;

let server: TestServer;
let admin: ApiClient;
interface Asset { id: number; terminalNo: string; displayNo: string; tenantId: number; name: string }
let ebike: Asset;
let person: Asset;

function at(east: number, north: number): { lon: number; lat: number } {
  return { lon: ORIGIN.lon + east / (DEGREE * Math.cos((ORIGIN.lat * Math.PI) / 180)), lat: ORIGIN.lat + north / DEGREE };
}

function scatter(rng: SeededRandom, radius: number): [number, number] {
  const angle = rng.range(0, 2 * Math.PI);
  const r = radius * Math.sqrt(rng.next());
  return [r * Math.cos(angle), r * Math.sin(angle)];
}

function row(asset: Asset, t: number, east: number, north: number, fields: Partial<PositionRow> = {}): PositionRow {
  return {
    terminalNo: asset.terminalNo, terminalId: asset.id, tenantId: asset.tenantId, deviceTime: new Date(t), receivedTime: new Date(t),
    ...at(east, north), altitude: 20, speed: 0, course: 0, alarmFlags: 0, statusFlags: 2, mileage: undefined, extras: {}, backfill: false, ...fields,
  };
}

/**
 * An e-bike from 09:00: parked 10 minutes (ACC off; a fix every 30 s and a cell fix 300–800 m
 * away every minute), the ride at 20 km/h with a fix every 4 s within 3 m of the road, parked
 * 10 minutes at its end with fixes within 3 m.
 */
function ebikeDay(day: string, seed: number): PositionRow[] {
  const rng = new SeededRandom(seed);
  const t0 = Date.parse(`${day}T09:00:00+08:00`);
  const rows: PositionRow[] = [];
  for (let s = 0; s < 600; s += 30) {
    rows.push(row(ebike, t0 + s * 1000, 0, 0));
    const [e, n] = scatter(rng, 800);
    if (s % 60 === 0) rows.push(row(ebike, t0 + (s + 15) * 1000, e, n, { statusFlags: 0, extras: { fix: 'lbs', accuracy: 1000 } }));
  }
  const rideStart = t0 + 600_000;
  const speed = 20 / 3.6;
  let t = 0;
  for (; t * speed < RIDE_METRES; t += 4) {
    const s = t * speed;
    const [e, n] = s <= 1500 ? [s, 0] : [1500, s - 1500];
    const [de, dn] = t === 0 ? [0, 0] : scatter(rng, 3);
    rows.push(row(ebike, rideStart + t * 1000, e + de, n + dn, { speed: 20, course: s <= 1500 ? 90 : 0, statusFlags: 3 }));
  }
  for (let s = 0; s < 600; s += 30) {
    const [de, dn] = s === 0 ? [0, 0] : scatter(rng, 3);
    rows.push(row(ebike, rideStart + (t + s) * 1000, 1500 + de, 1000 + dn));
  }
  return rows;
}

/** A person standing from 10:00 to 11:00 with a fix every 10 s scattered up to 20 m around them (the badge reads 0–3 km/h). */
function standingHour(day: string, seed: number): PositionRow[] {
  const rng = new SeededRandom(seed);
  const t0 = Date.parse(`${day}T10:00:00+08:00`);
  return Array.from({ length: 360 }, (_, i) => {
    const [e, n] = scatter(rng, 20);
    return row(person, t0 + i * 10_000, e, n, { speed: Math.round(rng.range(0, 3) * 10) / 10 });
  });
}

async function assetOf(kind: string): Promise<Asset> {
  const r = await server.store.db
    .selectFrom('terminals as t').innerJoin('vehicles as v', 'v.id', 't.vehicle_id')
    .select(['t.id', 't.terminal_no', 't.display_no', 't.tenant_id', 'v.plate_no'])
    .where('v.asset_kind', '=', kind).orderBy('t.id').executeTakeFirstOrThrow();
  return { id: r.id, terminalNo: r.terminal_no, displayNo: r.display_no, tenantId: r.tenant_id, name: r.plate_no };
}

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false, clock, config: { simAssets: true } });
  ({ admin } = await demoTenantClients(server.app));
  [ebike, person] = [await assetOf('ebike'), await assetOf('person')];
  await server.store.positions.writeBatch([...ebikeDay('2026-05-01', 1), ...ebikeDay('2026-05-03', 2), ...standingHour('2026-05-01', 3)]);
});
afterAll(() => server.close());

async function mileage(asset: Asset, day: string): Promise<MileageItem> {
  const res = await admin.get<{ list: MileageItem[] }>(MILEAGE, { start: day, end: day, keyword: asset.displayNo });
  expect(res.flag).toBe(1);
  expect(res.obj.list).toHaveLength(1);
  return res.obj.list[0]!;
}

async function track(asset: Asset, day: string): Promise<{ trips: TripAnswer; track: TrackAnswer }> {
  const range = { terminalNo: asset.displayNo, start: `${day}T00:00:00+08:00`, end: `${day}T23:59:59+08:00` };
  const [trips, list] = [await admin.get<TripAnswer>(TRIPS, range), await admin.get<TrackAnswer>(TRACK, range)];
  expect(trips.flag).toBe(1);
  expect(list.flag).toBe(1);
  return { trips: trips.obj, track: list.obj };
}

describe('one distance for the same positions', () => {
  for (const [day, when] of [['2026-05-01', 'a finished day (stored figures)'], ['2026-05-03', 'today (computed on the call)']] as const) {
    it(`gives an e-bike's ride the same distance in 里程报表, 骑行记录, 轨迹回放 and 行程报表, within 2 % of its path, on ${when}`, async () => {
      const report = await mileage(ebike, day);
      const { trips, track: replay } = await track(ebike, day);
      expect(report.mileageSource).toBe('gps');
      // cell fixes 300–800 m away while parked added nothing; the ride adds its path
      expect(Math.abs(report.mileage * 1000 - RIDE_METRES) / RIDE_METRES).toBeLessThan(0.02);
      // the replay reads the same day through the same rule
      expect(replay.totals).toMatchObject({ mileageSource: 'gps', mileageKm: report.mileage });
      // a trip ends at the first parked report; the day also counts the last metres into the parking place once a
      // parked fix leaves the radius of the ride's last counted one: at most the e-bike's 15 m (and the rounding)
      expect(trips.trips).toHaveLength(1);
      expect(Math.abs(trips.totals.distance - report.mileage)).toBeLessThanOrEqual(0.02);
      const tripReport = await admin.get<{ list: TripReportItem[]; totals: { distance: number } }>(TRIP_REPORT, { start: day, end: day, keyword: ebike.displayNo });
      expect(tripReport.obj.list).toHaveLength(1);
      expect(tripReport.obj.totals.distance).toBe(trips.totals.distance);
    });
  }

  it('adds less than 0.1 km for a person standing an hour with 20 m of jitter, in 里程报表 and 轨迹回放, and finds no walk', async () => {
    const report = await mileage(person, '2026-05-01');
    expect(report.reports).toBe(360);
    expect(report.mileage).toBeLessThan(0.1);
    const { trips, track: replay } = await track(person, '2026-05-01');
    expect(replay.totals.mileageKm).toBe(report.mileage);
    expect(trips.totals.distance).toBe(0);
  });
});
