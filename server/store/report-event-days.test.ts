import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PositionRow } from '../gateway/gateway-ports';
import { dayEvents } from '../report/day-events';
import { randomDayTrack } from '../report/testing/random-day-track';
import { SeededRandom } from '../sim/seeded-random';
import { reportDayTrack, type FixturePoint } from '../report/testing/report-track-fixture';
import { createTestServer, type TestServer } from '../testing/test-server';
import { ODOMETER_RULES } from '../track/odometer';
import { emptyColumns, type TrackColumns } from '../track/track-columns';
import { chinaDayStart } from './report-day-stats';
import { LIVE_DAY_REFRESH_MS, REPORT_MIN_TRIP_METRES, REPORT_STOP_SECONDS } from './report-event-days';

// the current day, still being reported: its events are refreshed as positions arrive
const DAY = '2026-05-03';
const DAY_START = chinaDayStart(DAY).getTime();
const SEEDS = 48;

let server: TestServer;
let tenantId: number;
const vehicleIds: number[] = [];
const terminalIds: number[] = [];

beforeAll(async () => {
  server = await createTestServer({ demo: true, gateway: false });
  tenantId = (await server.store.org.findTenantByName('天路演示'))!.id;
  const group = await server.store.fleet.ensureGroup(tenantId, null, '实时日车队');
  for (let i = 0; i < 2 * SEEDS + 1; i++) {
    const no = `1390000${String(i).padStart(4, '0')}`;
    const { terminalId, vehicleId } = await server.store.fleet.provision({ tenantId, groupId: group, terminalNo: no, displayNo: `0${no}`, authCode: 'CODE', plateNo: `京L${String(i).padStart(5, '0')}` });
    terminalIds.push(terminalId);
    vehicleIds.push(vehicleId);
  }
  await server.store.db.updateTable('vehicles').set({ speed_limit: 100 }).where('id', 'in', vehicleIds).execute();
}, 60_000);
afterAll(() => server.close());

function rows(terminalId: number, points: readonly FixturePoint[], backfill = false, receivedTime?: Date): PositionRow[] {
  return points.map((p) => ({
    terminalNo: String(terminalId), terminalId, tenantId, deviceTime: new Date(p.t), receivedTime: receivedTime ?? new Date(p.t),
    lon: p.lon, lat: p.lat, altitude: 0, speed: p.speed, course: 0, alarmFlags: 0, statusFlags: p.acc ? 3 : 2, mileage: undefined,
    extras: Number.isNaN(p.fuel) ? {} : { fuel: p.fuel }, backfill,
  }));
}

/** What report_events and report_event_days hold of a terminal's day. */
async function stored(terminalId: number) {
  const db = server.store.db;
  const events = await db.selectFrom('report_events').selectAll().where('terminal_id', '=', terminalId).where('day', '=', DAY).orderBy('kind').orderBy('seq').execute();
  const day = await db.selectFrom('report_event_days')
    .select(['fuel_readings', 'fuel_first', 'fuel_last', 'fuel_used', 'fuel_added', 'trip_metres', 'final'])
    .where('terminal_id', '=', terminalId).where('day', '=', DAY).executeTakeFirstOrThrow();
  return { events: events.map(({ terminal_id: _, ...e }) => e), day };
}

function columns(points: readonly FixturePoint[]): { c: TrackColumns; fuel: Float64Array } {
  const c: TrackColumns = {
    ...emptyColumns(points.length), t: Float64Array.from(points, (p) => p.t), lon: Float64Array.from(points, (p) => p.lon), lat: Float64Array.from(points, (p) => p.lat),
    speed: Float32Array.from(points, (p) => p.speed), statusFlags: Uint32Array.from(points, (p) => (p.acc ? 3 : 2)),
  };
  return { c, fuel: Float64Array.from(points, (p) => p.fuel) };
}

describe('the current day refreshed from where it left off', () => {
  it('stores exactly what computing the whole day at once stores, wherever the arriving positions are cut', async () => {
    const days = server.store.reportEvents.days;
    // seed k: terminal 2k receives its day in increments and is refreshed after each, terminal 2k+1 gets it all at once
    const tracks = Array.from({ length: SEEDS }, (_, k) => randomDayTrack(1000 + k, DAY_START + 30 * 60_000, 300).filter((p) => p.t < DAY_START + 22 * 3600_000));
    const cuts = tracks.map((points, k) => {
      const rng = new SeededRandom(k + 1);
      const random = () => rng.next();
      return [...Array.from({ length: 6 }, () => Math.floor(random() * points.length)).sort((a, b) => a - b), points.length];
    });
    let now = DAY_START + 23 * 3600_000;
    const written = tracks.map(() => 0);
    for (let round = 0; round < 7; round++) {
      for (let k = 0; k < SEEDS; k++) {
        await server.store.positions.writeBatch(rows(terminalIds[2 * k]!, tracks[k]!.slice(written[k], cuts[k]![round])));
        written[k] = Math.max(written[k]!, cuts[k]![round]!);
      }
      now += LIVE_DAY_REFRESH_MS + 1000;
      await days.ensure(terminalIds.slice(0, 2 * SEEDS).filter((_, i) => i % 2 === 0), DAY, DAY, new Date(now));
    }
    for (let k = 0; k < SEEDS; k++) await server.store.positions.writeBatch(rows(terminalIds[2 * k + 1]!, tracks[k]!));
    await days.ensure(terminalIds.slice(0, 2 * SEEDS).filter((_, i) => i % 2 === 1), DAY, DAY, new Date(now));
    let resumed = 0;
    for (let k = 0; k < SEEDS; k++) {
      const [parts, whole] = [await stored(terminalIds[2 * k]!), await stored(terminalIds[2 * k + 1]!)];
      expect(parts, `seed ${1000 + k}, cuts ${cuts[k]}`).toEqual(whole);
      const { c, fuel } = columns(tracks[k]!);
      expect(whole.events.length).toBe(dayEvents(c, fuel, { stopSeconds: REPORT_STOP_SECONDS, minTripMetres: REPORT_MIN_TRIP_METRES, acc: true, odometer: ODOMETER_RULES.vehicle, speedLimit: 100, overspeedSeconds: 10 }).events.length);
      const row = await server.store.db.selectFrom('report_event_days').select('resume').where('terminal_id', '=', terminalIds[2 * k]!).where('day', '=', DAY).executeTakeFirstOrThrow();
      if (row.resume && row.resume.time > tracks[k]![0]!.t) resumed++;
    }
    expect(resumed).toBeGreaterThan(SEEDS / 2);
  }, 120_000);

  it('reads only the positions from the first report of the last stop, and the whole day again on a backfill or a new limit', async () => {
    const days = server.store.reportEvents.days;
    const terminal = terminalIds[2 * SEEDS]!;
    const track = reportDayTrack(DAY);
    const refresh = async (at: number) => {
      const before = days.positionsRead;
      await days.ensure([terminal], DAY, DAY, new Date(at));
      return days.positionsRead - before;
    };
    // 08:00:00–09:00:00: the whole day so far is read
    await server.store.positions.writeBatch(rows(terminal, track));
    let now = Date.parse(`${DAY}T09:00:00+08:00`);
    expect(await refresh(now)).toBe(361);
    // nothing read within the minute; a minute later, from the idling stop that began at 08:50:10 (60 reports) and the six new ones
    const more = Array.from({ length: 6 }, (_, i) => ({ ...track[360]!, t: track[360]!.t + (i + 1) * 10_000 }));
    await server.store.positions.writeBatch(rows(terminal, more));
    expect(await refresh(now + 30_000)).toBe(0);
    now += LIVE_DAY_REFRESH_MS + 1000;
    expect(await refresh(now)).toBe(66);
    const all = [...track, ...more];
    const { c, fuel } = columns(all);
    const expected = dayEvents(c, fuel, { stopSeconds: REPORT_STOP_SECONDS, minTripMetres: REPORT_MIN_TRIP_METRES, acc: true, odometer: ODOMETER_RULES.vehicle, speedLimit: 100, overspeedSeconds: 10 });
    const { events, day } = await stored(terminal);
    expect(events.map((e) => [e.kind, e.seq, e.start_time.getTime(), e.end_time.getTime()])).toEqual(
      ['fuelDrop', 'overspeed', 'stop', 'trip'].flatMap((kind) => expected.events.filter((e) => e.kind === kind).map((e, i) => [kind, i + 1, e.start, e.end])),
    );
    expect(day).toMatchObject({ fuel_readings: 367, fuel_used: 20, fuel_added: 30, final: false });
    // a backfilled report from before the resume point: the whole day again
    await server.store.positions.writeBatch(rows(terminal, [{ ...track[200]!, t: track[200]!.t + 5000 }], true, new Date(now)));
    now += LIVE_DAY_REFRESH_MS + 1000;
    expect(await refresh(now)).toBe(368);
    now += LIVE_DAY_REFRESH_MS + 1000;
    expect(await refresh(now)).toBe(66);
    // a new 限速: the whole day again
    await server.store.db.updateTable('vehicles').set({ speed_limit: 110 }).where('id', '=', vehicleIds[2 * SEEDS]!).execute();
    now += LIVE_DAY_REFRESH_MS + 1000;
    expect(await refresh(now)).toBe(368);
  });
});
