import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock';
import type { PositionRow } from '../gateway/gateway-ports';
import { createTestServer, type TestServer } from '../testing/test-server';
import { ReportDayWarmer, summaryDays } from './report-day-warmer';

// 2026-05-01 and 05-02 have ended, 05-03 is today
const clock = new ManualClock(new Date('2026-05-03T12:00:00+08:00'));
let server: TestServer;
let terminalId: number;

/** One terminal on 05-01, one report every 5 s with its odometer: 40 min east at 30 km/h, 20 min parked, 40 min north at 40 km/h. */
function odometerDay(terminal: { id: number; no: string; tenantId: number }): PositionRow[] {
  const t0 = Date.parse('2026-05-01T08:00:00+08:00');
  const row = (i: number, fields: Partial<PositionRow>): PositionRow => ({
    terminalNo: terminal.no.replace(/^0+/, ''), terminalId: terminal.id, tenantId: terminal.tenantId,
    deviceTime: new Date(t0 + i * 5000), receivedTime: new Date(t0 + i * 5000), lon: 116.3, lat: 39.9, altitude: 50, speed: 0, course: 0,
    alarmFlags: 0, statusFlags: 2, mileage: undefined, extras: {}, backfill: false, ...fields,
  });
  const rows: PositionRow[] = [];
  let [lon, lat, km, i] = [116.3, 39.9, 5000, 0];
  for (; i < 480; i++, lon += 0.0005, km += 0.0425) rows.push(row(i, { lon, lat, speed: 30, statusFlags: 3, mileage: km }));
  for (; i < 720; i++) rows.push(row(i, { lon, lat, speed: 0, statusFlags: 2, mileage: km }));
  for (; i < 1200; i++, lat += 0.0005, km += 0.0556) rows.push(row(i, { lon, lat, speed: 40, statusFlags: 3, mileage: km }));
  return rows;
}

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false, clock, config: { simDevices: 3 } });
  const user = await server.store.users.findByAccount('admin');
  const first = await server.store.db.selectFrom('terminals').select(['id', 'display_no']).where('tenant_id', '=', user!.tenantId).orderBy('display_no').executeTakeFirstOrThrow();
  terminalId = first.id;
  await server.store.positions.writeBatch(odometerDay({ id: first.id, no: first.display_no, tenantId: user!.tenantId }));
});
afterAll(() => server.close());

describe('ReportDayWarmer', () => {
  it('computes the finished days of every terminal ahead, once', async () => {
    const warmer = new ReportDayWarmer({ days: server.store.reports.days, clock, onlineWindowSeconds: 600, onError: (err) => { throw err; } });
    // 03-01 to yesterday (05-02), the three months 里程汇总 opens on, for every terminal of the installation, then nothing left to do
    const all = await server.store.db.selectFrom('terminals').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(await warmer.runOnce()).toBe(Number(all.n) * (31 + 30 + 2));
    expect(await warmer.runOnce()).toBe(0);
    const stored = await server.store.db.selectFrom('report_days').select(['reports', 'odometer_km']).where('terminal_id', '=', terminalId).where('day', '=', '2026-05-01').executeTakeFirstOrThrow();
    expect(stored.reports).toBe(1200);
    expect(stored.odometer_km).toBeCloseTo(47.03, 2);
  });
});

describe('the days kept current', () => {
  it('reach back to the first day of the month two months before, and at least 31 days', () => {
    expect(summaryDays('2026-05-02')).toBe(31 + 30 + 2);
    expect(summaryDays('2026-03-31')).toBe(31 + 28 + 31);
    expect(summaryDays('2026-01-15')).toBe(30 + 31 + 15);
    expect(summaryDays('2026-12-31')).toBe(31 + 30 + 31);
  });
});
