import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PositionRow } from '../gateway/gateway-ports';
import { randomDayTrack } from '../report/testing/random-day-track';
import type { FixturePoint } from '../report/testing/report-track-fixture';
import { SeededRandom } from '../sim/seeded-random';
import { createTestServer, type TestServer } from '../testing/test-server';
import { LIVE_OVERLAP_MS, LiveDayFigures, liveFiguresSql, type PositionRow as FigureRow } from './live-day-figures';
import { chinaDayStart, dayStatsSql, gpsDays } from './report-day-stats';

// a day still being reported
const DAY = '2026-05-04';
const DAY_START = chinaDayStart(DAY).getTime();
const WINDOW = 180;
/** Late in the day: after every position of the tests but the one timed ahead. */
const NOW = new Date(DAY_START + 23.5 * 3600_000);
const TERMINALS = 12;
/** Terminals of the tests after the first: each its own. */
const OWN = 4;

let server: TestServer;
let tenantId: number;
const terminalIds: number[] = [];

beforeAll(async () => {
  server = await createTestServer({ demo: true, gateway: false });
  tenantId = (await server.store.org.findTenantByName('天路演示'))!.id;
  const group = await server.store.fleet.ensureGroup(tenantId, null, '当日车队');
  for (let i = 0; i < TERMINALS + OWN; i++) {
    const no = `1391000${String(i).padStart(4, '0')}`;
    const { terminalId, vehicleId } = await server.store.fleet.provision({ tenantId, groupId: group, terminalNo: no, displayNo: `0${no}`, authCode: 'CODE', plateNo: `京M${String(i).padStart(5, '0')}` });
    terminalIds.push(terminalId);
    // every other one a person's badge: another odometer rule
    if (i % 2) await server.store.db.updateTable('vehicles').set({ asset_kind: 'person' }).where('id', '=', vehicleId).execute();
  }
}, 60_000);
afterAll(() => server.close());

interface Point extends FixturePoint {
  mileage?: number;
  fix?: string;
  accuracy?: number;
}

/** A random day with an odometer (now and then reset or glitching), cell fixes, accuracy radii and silent spells. */
function randomDay(seed: number): Point[] {
  const rng = new SeededRandom(seed);
  let km = 1000 * rng.next();
  return randomDayTrack(seed, DAY_START + 20 * 60_000, 250).filter((p) => p.t < DAY_START + 23 * 3600_000).map((p) => {
    km += p.speed / 360 * rng.next();
    if (rng.next() < 0.01) km = 0;
    const glitch = rng.next() < 0.01 ? 500 : 0;
    return {
      ...p,
      ...(rng.next() < 0.9 && { mileage: Math.round((km + glitch) * 10) / 10 }),
      ...(rng.next() < 0.1 && { fix: 'lbs' }),
      ...(rng.next() < 0.5 && { accuracy: 5 + Math.round(40 * rng.next()) }),
    };
  });
}

function rows(terminalId: number, points: readonly Point[], backfill = false, receivedTime?: Date): PositionRow[] {
  return points.map((p) => ({
    terminalNo: String(terminalId), terminalId, tenantId, deviceTime: new Date(p.t), receivedTime: receivedTime ?? new Date(p.t + 1500),
    lon: p.lon, lat: p.lat, altitude: 0, speed: p.speed, course: 0, alarmFlags: 0, statusFlags: p.acc ? 3 : 2, mileage: p.mileage,
    extras: { ...(p.fix && { fix: p.fix }), ...(p.accuracy !== undefined && { accuracy: p.accuracy }) }, backfill,
  })) as PositionRow[];
}

const COLUMNS = sql`terminal_id, to_char(day, 'YYYY-MM-DD') as day, reports, first_time, last_time, max_speed, moving_reports, moving_speed_sum, odometer_reports,
  odometer_km, gps_km, driving_seconds, live_reports, live_first_time, live_last_time, online_seconds, backfill_seen`;

/** The figures as computing the whole day at once gives them (the statement of the finished days). */
async function wholeDay(ids: readonly number[]) {
  const [start, end] = [chinaDayStart(DAY), chinaDayStart('2026-05-05')];
  const gps = await gpsDays(server.store.db, ids, start, end);
  const { rows } = await sql<Record<string, unknown>>`select ${COLUMNS} from (${dayStatsSql(ids, start, end, WINDOW, gps)}) x order by terminal_id`.execute(server.store.db);
  return rows;
}

/** The figures read in increments, as the reports read them. */
async function increments(ids: readonly number[], now = NOW) {
  const live = await server.store.reports.live.rows(ids, DAY, DAY, WINDOW, now);
  const { rows } = await sql<Record<string, unknown>>`select ${COLUMNS} from (${liveFiguresSql(live)}) x order by terminal_id`.execute(server.store.db);
  return rows;
}

/** Equal but for the last bits of sums taken in another order. */
function expectSameFigures(actual: Record<string, unknown>[], expected: Record<string, unknown>[], what: string) {
  expect(actual.length, what).toBe(expected.length);
  actual.forEach((row, i) => {
    for (const [column, value] of Object.entries(expected[i]!)) {
      if (typeof value === 'number' && !Number.isInteger(value)) expect(Number(row[column]), `${what}: ${column} of ${String(row.terminal_id)}`).toBeCloseTo(value, 6);
      else expect(row[column], `${what}: ${column} of ${String(row.terminal_id)}`).toEqual(value);
    }
  });
}

describe('the figures of a day still being reported, read in increments', () => {
  it('are those of the whole day read at once, wherever the arriving positions are cut', async () => {
    const ids = terminalIds.slice(0, TERMINALS);
    const days = ids.map((_, k) => randomDay(2000 + k));
    const written = ids.map(() => 0);
    const rng = new SeededRandom(7);
    for (let round = 0; round < 8; round++) {
      for (let k = 0; k < ids.length; k++) {
        const upTo = round === 7 ? days[k]!.length : Math.min(days[k]!.length, written[k]! + Math.floor(rng.next() * 60));
        await server.store.positions.writeBatch(rows(ids[k]!, days[k]!.slice(written[k], upTo)));
        written[k] = upTo;
      }
      // now and then a few reports of the day's past arrive as 补传
      if (round === 3) await server.store.positions.writeBatch(rows(ids[0]!, [{ ...days[0]![5]!, t: days[0]![5]!.t + 3000 }], true, new Date(DAY_START + 20 * 3600_000)));
      expectSameFigures(await increments(ids), await wholeDay(ids), `round ${round}`);
    }
  }, 120_000);

  it('reads only what arrived since, with the last stretch of each terminal again; a backfilled position reads the day whole again', async () => {
    const terminal = terminalIds[TERMINALS]!;
    const live = server.store.reports.live;
    const read = async () => {
      const before = live.positionsRead;
      const figures = await increments([terminal]);
      return { read: live.positionsRead - before, figures };
    };
    // one report every 10 s from 08:00 for an hour
    const t0 = DAY_START + 8 * 3600_000;
    const hour: Point[] = Array.from({ length: 360 }, (_, i) => ({ t: t0 + i * 10_000, lon: 116.3, lat: 39.9 + i * 0.0009, speed: 36, acc: true, fuel: NaN }));
    await server.store.positions.writeBatch(rows(terminal, hour));
    expect((await read()).read).toBe(360);
    // nothing new: the last 30 s again (the reports at −30 s … 0 s)
    expect((await read()).read).toBe(LIVE_OVERLAP_MS / 10_000 + 1);
    const more = Array.from({ length: 6 }, (_, i) => ({ ...hour[359]!, t: hour[359]!.t + (i + 1) * 10_000, lat: hour[359]!.lat + (i + 1) * 0.0009 }));
    await server.store.positions.writeBatch(rows(terminal, more));
    const after = await read();
    expect(after.read).toBe(LIVE_OVERLAP_MS / 10_000 + 1 + 6);
    expect(after.figures[0]).toMatchObject({ reports: 366, driving_seconds: 3650 });
    expectSameFigures(after.figures, await wholeDay([terminal]), 'after six more');
    // a backfilled report from 08:30: the whole day again, and it counts
    await server.store.positions.writeBatch(rows(terminal, [{ ...hour[180]!, t: hour[180]!.t + 5000 }], true, new Date(t0 + 3 * 3600_000)));
    const backfilled = await read();
    expect(backfilled.read).toBe(367);
    expect(backfilled.figures[0]).toMatchObject({ reports: 367, live_reports: 366 });
    expectSameFigures(backfilled.figures, await wholeDay([terminal]), 'after the backfill');
  });

  it('counts nothing twice when two requests read on from the same kept figures at once', async () => {
    const terminal = terminalIds[TERMINALS + 1]!;
    // each request's positions are handed over once both requests have read theirs
    let meeting: { arrived: number; bothRead: () => void; both: Promise<void> } | undefined;
    class Meeting extends LiveDayFigures {
      protected override async positions(pairs: readonly { id: number; fromUs: number; endUs: number }[]): Promise<FigureRow[]> {
        const read = await super.positions(pairs);
        if (meeting) {
          if (++meeting.arrived === 2) meeting.bothRead();
          await meeting.both;
        }
        return read;
      }
    }
    const live = new Meeting(server.store.db);
    const read = async () => {
      const { rows } = await sql<Record<string, unknown>>`select ${COLUMNS} from (${liveFiguresSql(await live.rows([terminal], DAY, DAY, WINDOW, NOW))}) x`.execute(server.store.db);
      return rows;
    };
    const day = randomDay(77);
    await server.store.positions.writeBatch(rows(terminal, day.slice(0, 100)));
    await read();
    await server.store.positions.writeBatch(rows(terminal, day.slice(100)));
    let bothRead!: () => void;
    const both = new Promise<void>((resolve) => (bothRead = resolve));
    meeting = { arrived: 0, bothRead, both };
    const [a, b] = await Promise.all([read(), read()]);
    meeting = undefined;
    const whole = await wholeDay([terminal]);
    expectSameFigures(a, whole, 'the first of two');
    expectSameFigures(b, whole, 'the second of two');
    expectSameFigures(await read(), whole, 'the next one');
  });

  it('keeps counting the reports after one timed hours ahead (a clock that jumped)', async () => {
    const terminal = terminalIds[TERMINALS + 2]!;
    const t0 = DAY_START + 8 * 3600_000;
    const at = (i: number): Point => ({ t: t0 + i * 10_000, lon: 116.3, lat: 39.9 + i * 0.0009, speed: 36, acc: true, fuel: NaN });
    await server.store.positions.writeBatch(rows(terminal, Array.from({ length: 60 }, (_, i) => at(i))));
    await increments([terminal], new Date(t0 + 600_000));
    // 08:10: a report timed 12:00, then the next reports on time
    await server.store.positions.writeBatch(rows(terminal, [{ ...at(60), t: t0 + 4 * 3600_000 }]));
    await increments([terminal], new Date(t0 + 610_000));
    await server.store.positions.writeBatch(rows(terminal, Array.from({ length: 30 }, (_, i) => at(61 + i))));
    const figures = await increments([terminal], new Date(t0 + 910_000));
    expect(figures[0]).toMatchObject({ reports: 91 });
    expectSameFigures(figures, await wholeDay([terminal]), 'after the reports on time');
  });

  it('keeps a day that has not settled yet for the calls that still ask it, whatever the calls between ask', async () => {
    const terminal = terminalIds[TERMINALS + 3]!;
    const live = server.store.reports.live;
    const t0 = DAY_START + 8 * 3600_000;
    await server.store.positions.writeBatch(rows(terminal, Array.from({ length: 360 }, (_, i) => ({ t: t0 + i * 10_000, lon: 116.3, lat: 39.9 + i * 0.0009, speed: 36, acc: true, fuel: NaN }))));
    // five minutes after midnight: the day before is still being read from its positions
    const justAfter = new Date(chinaDayStart('2026-05-05').getTime() + 5 * 60_000);
    const read = async (first: string) => {
      const before = live.positionsRead;
      await live.rows([terminal], first, '2026-05-05', WINDOW, justAfter);
      return live.positionsRead - before;
    };
    expect(await read(DAY)).toBe(360);
    expect(await read('2026-05-05')).toBe(0);
    expect(await read(DAY)).toBe(LIVE_OVERLAP_MS / 10_000 + 1);
  });
});
