/**
 * 数据报表 over a month of a fleet: 1,000 vehicles × 31 days of positions (one every 2 min from
 * 08:00 to 16:00: driving, a 30-minute stop with ACC off, driving with ten minutes above the
 * 100 km/h limit, the fuel level falling), then every report over the whole fleet and month
 * (pageSize 50), each beside the naive way measured in the same run: scanning the month's positions
 * on the request (what the reports would cost without figures kept per finished day).
 *
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/test npx tsx bench/reports.bench.ts
 *
 * Goal (PostgreSQL): each report answers in < 2 s once the finished days are computed (the
 * nightly warm-up does that; its cost is printed too). REPORT_BENCH_VEHICLES and
 * REPORT_BENCH_DAYS scale the fleet and the month.
 *
 * Then the current day at 15:00 (a report every 30 s from 07:00, each vehicle driving 45 minutes
 * and stopping 15 in every hour): its first refresh computes the whole day so far, the refresh
 * after one more minute of positions resumes at each vehicle's last stop. Goal: that refresh costs
 * at most a fifth of the whole day's (the share it reads is about half an hour of eight hours).
 * 里程报表 of that day likewise: its first call reads the day's positions so far, a call after one
 * more minute reads what arrived since; goal: at most a fifth of the first.
 */
import { sql } from 'kysely';
import { dayEvents } from '../server/report/day-events';
import { addDays, chinaDayStart, dayStatsSql, gpsDays, idArray } from '../server/store/report-day-stats';
import { REPORT_MIN_TRIP_METRES, REPORT_STOP_SECONDS } from '../server/store/report-event-days';
import type { AccessScope } from '../server/store/scope-queries';
import { ODOMETER_RULES } from '../server/track/odometer';
import { emptyColumns, type TrackColumns } from '../server/track/track-columns';
import { BenchReport, MachineLoad, thousands } from './bench-report';
import { openBenchStore, provisionTerminals } from './bench-store';

const VEHICLES = Number(process.env.REPORT_BENCH_VEHICLES ?? 1000);
const DAYS = Number(process.env.REPORT_BENCH_DAYS ?? 31);
const FIRST_DAY = '2026-03-01';
const LAST_DAY = addDays(FIRST_DAY, DAYS - 1);
const NOW = new Date(chinaDayStart(addDays(LAST_DAY, 1)).getTime() + 10 * 3600_000);
const REPORTS_PER_DAY = 240;
const GOAL_MS = 2000;
const ONLINE_WINDOW = 600;
const LIVE_DAY = addDays(LAST_DAY, 1);
/** The current day's reports so far: every 30 s from 07:00 to 15:00. */
const LIVE_REPORTS = 960;
const LIVE_START = new Date(chinaDayStart(LIVE_DAY).getTime() + 7 * 3600_000);
const LIVE_RATIO_GOAL = 0.2;

const report = new BenchReport();
const load = new MachineLoad();
const bench = await openBenchStore();
const { store } = bench;
console.log(`store: ${bench.where}; ${thousands(VEHICLES)} vehicles × ${DAYS} days (${FIRST_DAY} … ${LAST_DAY}), ${REPORTS_PER_DAY} reports a vehicle-day`);

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
}

try {
  const { tenantId, terminalIds } = await provisionTerminals(store, VEHICLES, '015000000001');
  const scope: AccessScope = { userId: 0, tenantId, tenantIds: [tenantId], groupIds: null };
  await store.positions.partitions.ensureAhead(chinaDayStart(FIRST_DAY), DAYS + 1);

  // the month: k = report of the day (every 2 min from 08:00)
  const seed = await timed(async () => {
    for (let d = 0; d < DAYS; d++) {
      const start = new Date(chinaDayStart(addDays(FIRST_DAY, d)).getTime() + 8 * 3600_000);
      await sql`
        insert into positions (terminal_id, tenant_id, device_time, received_time, lon, lat, altitude, speed, course, alarm_flags, status_flags, mileage, extras, backfill)
        select t.id, ${tenantId}, ts, ts,
          116 + 0.0148 * (least(k, 60) + greatest(0, least(k, 105) - 75)), 30 + (t.ord % 500) * 0.002, 50,
          case when k < 60 or (k >= 75 and k < 105) then (case when k between 80 and 84 then 110 else 40 end) else 0 end, 90, 0,
          case when k < 60 or (k >= 75 and k < 105) then 3 else 2 end, null,
          jsonb_build_object('fuel', round((80 - 0.3 * (least(k, 60) + greatest(0, least(k, 105) - 75)))::numeric, 1)), false
        from unnest(${idArray(terminalIds)}) with ordinality t(id, ord)
        cross join generate_series(0, ${REPORTS_PER_DAY - 1}) k
        cross join lateral (select ${start}::timestamptz + k * interval '2 minutes' as ts) x`.execute(store.db);
    }
    await sql`
      insert into latest_positions (terminal_id, tenant_id, device_time, received_time, lon, lat, altitude, speed, course, alarm_flags, status_flags, mileage, extras)
      select distinct on (terminal_id) terminal_id, tenant_id, device_time, received_time, lon, lat, altitude, speed, course, alarm_flags, status_flags, mileage, extras
      from positions where terminal_id = any(${idArray(terminalIds)}) and device_time >= ${chinaDayStart(LAST_DAY)}
      order by terminal_id, device_time desc
      on conflict (terminal_id) do nothing`.execute(store.db);
    await sql`analyze positions`.execute(store.db);
  });
  const rows = VEHICLES * DAYS * REPORTS_PER_DAY;
  console.log(`seeded ${thousands(rows)} positions in ${(seed.ms / 1000).toFixed(1)} s`);
  report.bench('reports-positions', rows, 'rows');

  // the naive way: every request reads the month's positions and finds the trips, stops and stretches
  load.reset();
  const naive = await timed(async () => {
    let trips = 0;
    for (let d = 0; d < DAYS; d++) {
      const from = chinaDayStart(addDays(FIRST_DAY, d));
      const to = chinaDayStart(addDays(FIRST_DAY, d + 1));
      for (let i = 0; i < terminalIds.length; i += 100) {
        const { rows: points } = await sql<{ terminal_id: number; t: Date; lon: number; lat: number; speed: number; status_flags: number; fuel: number | null }>`
          select terminal_id, device_time as t, lon, lat, speed, status_flags, (extras->>'fuel')::float8 as fuel from positions
          where terminal_id = any(${idArray(terminalIds.slice(i, i + 100))}) and device_time >= ${from} and device_time < ${to}
          order by terminal_id, device_time`.execute(store.db);
        for (let a = 0; a < points.length;) {
          let b = a;
          while (b < points.length && points[b]!.terminal_id === points[a]!.terminal_id) b++;
          const slice = points.slice(a, b);
          const c = columns(slice);
          trips += dayEvents(c, Float64Array.from(slice, (p) => Number(p.fuel)), {
            stopSeconds: REPORT_STOP_SECONDS, minTripMetres: REPORT_MIN_TRIP_METRES, acc: true, odometer: ODOMETER_RULES.vehicle, speedLimit: 100, overspeedSeconds: 10,
          }).events.filter((e) => e.kind === 'trip').length;
          a = b;
        }
      }
    }
    return trips;
  });
  const naiveLoad = load.busy();
  report.bench('reports-naive-scan-trips', naive.ms, 'ms');
  console.log(`naive scan: ${thousands(naive.value)} trips from the positions on the request${naiveLoad === undefined ? '' : `, machine ${Math.round(naiveLoad * 100)}% busy`}`);

  // the nightly warm-up: figures of every finished day (what the first report of a day would otherwise pay)
  load.reset();
  const warmDays = await timed(() => store.reports.days.warm(LAST_DAY, DAYS, ONLINE_WINDOW));
  const warmEvents = await timed(() => store.reportEvents.days.warm(LAST_DAY, DAYS, NOW));
  const warmLoad = load.busy();
  report.bench('reports-warm-day-figures', warmDays.ms, 'ms');
  report.bench('reports-warm-day-events', warmEvents.ms, 'ms');
  console.log(`warm-up: ${thousands(warmDays.value)} day figures and ${thousands(warmEvents.value)} event days${warmLoad === undefined ? '' : `, machine ${Math.round(warmLoad * 100)}% busy`}`);

  const filter = { startDay: FIRST_DAY, endDay: LAST_DAY };
  const page = { offset: 0, limit: 50 };
  const opts = { now: NOW, onlineWindowSeconds: ONLINE_WINDOW, page };
  const runs: [string, () => Promise<{ total: number }>][] = [
    ['trips', () => store.reportEvents.events(scope, 'trip', filter, opts)],
    ['stops', () => store.reportEvents.events(scope, 'stop', filter, opts)],
    ['overspeed', () => store.reportEvents.events(scope, 'overspeed', filter, opts)],
    ['fuel', () => store.reportEvents.fuel(scope, filter, opts)],
    ['mileage-summary', () => store.reports.monthlyByGroup(scope, filter, opts)],
    ['offline', () => store.reportEvents.offline(scope, { hours: 12 }, opts)],
    ['mileage-daily', () => store.reports.mileage(scope, filter, opts)],
  ];
  load.reset();
  for (const [name, run] of runs) {
    await run();
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < 3; i++) {
      const r = await timed(run);
      times.push(r.ms);
      total = r.value.total;
    }
    const median = times.sort((a, b) => a - b)[1]!;
    report.bench(`reports-${name}`, median, 'ms');
    report.check(bench.label !== 'postgres' || median < GOAL_MS, `${name}: ${Math.round(median)} ms for ${thousands(total)} rows over ${VEHICLES} vehicles × ${DAYS} days (goal < ${GOAL_MS} ms on PostgreSQL; naive scan ${Math.round(naive.ms)} ms)`);
  }
  const busy = load.busy();
  if (busy !== undefined) report.bench('reports-machine-busy', Math.round(busy * 100), '%');

  // the current day: the whole day so far, then one more minute resumed at each vehicle's last stop
  await store.positions.partitions.ensureAhead(chinaDayStart(LIVE_DAY), 2);
  const liveDay = async (from: number, to: number) => sql`
    insert into positions (terminal_id, tenant_id, device_time, received_time, lon, lat, altitude, speed, course, alarm_flags, status_flags, mileage, extras, backfill)
    select t.id, ${tenantId}, x.ts, x.ts, 116 + 0.004 * k, 30 + (t.ord % 500) * 0.002, 50,
      case when c.phase >= 90 then 0 when c.phase between 40 and 45 then 110 else 46 end, 90, 0, case when c.phase >= 90 then 2 else 3 end, null,
      jsonb_build_object('fuel', round((80 - 0.02 * k)::numeric, 2)), false
    from unnest(${idArray(terminalIds)}) with ordinality t(id, ord)
    cross join generate_series(${from}::int, ${to - 1}::int) k
    cross join lateral (select (k + t.ord * 7) % 120 as phase, ${LIVE_START}::timestamptz + k * interval '30 seconds' as ts) c
    cross join lateral (select c.ts) x`.execute(store.db);
  const liveSeed = await timed(() => liveDay(0, LIVE_REPORTS));
  console.log(`current day: seeded ${thousands(VEHICLES * LIVE_REPORTS)} positions in ${(liveSeed.ms / 1000).toFixed(1)} s`);
  const days = store.reportEvents.days;
  const liveNow = LIVE_START.getTime() + LIVE_REPORTS * 30_000;
  const liveRefresh = async (now: number) => {
    const read = days.positionsRead;
    load.reset();
    const r = await timed(() => days.ensure(terminalIds, LIVE_DAY, LIVE_DAY, new Date(now)));
    return { ms: r.ms, terminals: r.value, read: days.positionsRead - read, busy: load.busy() };
  };
  // three times, alternating under the same load: the whole day so far (its stored row removed), then one more minute
  const median = <T extends { ms: number }>(list: T[]) => [...list].sort((a, b) => a.ms - b.ms)[1]!;
  const fulls: Awaited<ReturnType<typeof liveRefresh>>[] = [];
  const resumes: typeof fulls = [];
  for (let i = 0; i < 3; i++) {
    await sql`delete from report_event_days where day = ${LIVE_DAY}::date and terminal_id = any(${idArray(terminalIds)})`.execute(store.db);
    fulls.push(await liveRefresh(liveNow + 2 * i * 61_000));
    await liveDay(LIVE_REPORTS + 2 * i, LIVE_REPORTS + 2 * i + 2);
    resumes.push(await liveRefresh(liveNow + (2 * i + 1) * 61_000));
  }
  const [full, resumed] = [median(fulls), median(resumes)];
  // 里程报表 of the current day: the first call reads the whole day so far, the next ones what arrived since (and the last 30 s of each vehicle)
  const live = store.reports.live;
  const liveMileage = async (now: number) => {
    const read = live.positionsRead;
    load.reset();
    const r = await timed(() => store.reports.mileage(scope, { startDay: LIVE_DAY, endDay: LIVE_DAY }, { now: new Date(now), onlineWindowSeconds: ONLINE_WINDOW, page }));
    return { ms: r.ms, terminals: r.value.total, read: live.positionsRead - read, busy: load.busy() };
  };
  const wholes: Awaited<ReturnType<typeof liveMileage>>[] = [];
  const increments: typeof wholes = [];
  for (let i = 0; i < 3; i++) {
    live.forget();
    wholes.push(await liveMileage(liveNow + (7 + 2 * i) * 61_000));
    await liveDay(LIVE_REPORTS + 6 + 2 * i, LIVE_REPORTS + 6 + 2 * i + 2);
    increments.push(await liveMileage(liveNow + (8 + 2 * i) * 61_000));
  }
  const [wholeMileage, incrementMileage] = [median(wholes), median(increments)];
  // the reference: the day's figures by the statement of the finished days, as every call once computed them
  const statements: { ms: number }[] = [];
  for (let i = 0; i < 3; i++) {
    const [start, end] = [chinaDayStart(LIVE_DAY), chinaDayStart(addDays(LIVE_DAY, 1))];
    statements.push(await timed(async () => sql`select count(*) from (${dayStatsSql(terminalIds, start, end, ONLINE_WINDOW, await gpsDays(store.db, terminalIds, start, end))}) x`.execute(store.db)));
  }
  report.bench('reports-live-day-figures-statement', median(statements).ms, 'ms');
  report.bench('reports-mileage-live-day-whole', wholeMileage.ms, 'ms');
  report.bench('reports-mileage-live-day', incrementMileage.ms, 'ms');
  const mileageRatio = incrementMileage.ms / wholeMileage.ms;
  report.bench('reports-mileage-live-day-ratio', mileageRatio, 'x');
  report.check(mileageRatio <= LIVE_RATIO_GOAL, `里程报表 of the current day after one more minute: ${Math.round(incrementMileage.ms)} ms, ${mileageRatio.toFixed(2)} of the ${Math.round(wholeMileage.ms)} ms reading the whole day (${thousands(incrementMileage.read)} of ${thousands(wholeMileage.read)} positions read; goal ≤ ${LIVE_RATIO_GOAL}); the day's figures by the finished days' statement alone: ${Math.round(median(statements).ms)} ms`);
  for (const [name, r] of [['full', full], ['resumed', resumed]] as const) {
    report.bench(`reports-live-day-${name}`, r.ms, 'ms');
    console.log(`live day ${name} (median of 3): ${thousands(r.terminals)} vehicles, ${thousands(r.read)} positions read${r.busy === undefined ? '' : `, machine ${Math.round(r.busy * 100)}% busy`}`);
  }
  const ratio = resumed.ms / full.ms;
  report.bench('reports-live-day-ratio', ratio, 'x');
  report.check(ratio <= LIVE_RATIO_GOAL, `live day refreshed after one more minute: ${Math.round(resumed.ms)} ms, ${ratio.toFixed(2)} of the whole day's ${Math.round(full.ms)} ms (${thousands(resumed.read)} of ${thousands(full.read)} positions read; goal ≤ ${LIVE_RATIO_GOAL})`);
} finally {
  await bench.close();
}
report.finish();

function columns(points: readonly { t: Date; lon: number; lat: number; speed: number; status_flags: number }[]): TrackColumns {
  const c = emptyColumns(points.length);
  points.forEach((p, i) => {
    c.t[i] = new Date(p.t).getTime();
    c.lon[i] = Number(p.lon);
    c.lat[i] = Number(p.lat);
    c.speed[i] = Number(p.speed);
    c.statusFlags[i] = Number(p.status_flags);
  });
  return c;
}
