import { sql, type Kysely } from 'kysely';
import { approximateFix, type ApproximateFix, type Position, type PositionReadings, type PositionState } from '../../sdk/position';
import type { PositionRow } from '../gateway/gateway-ports';
import { positionReadings } from '../gateway/position-readings';
import type { Database } from './db-schema';
import { PositionPartitions } from './position-partitions';

/**
 * One stored position as the API reads it (the position model without the terminal number and
 * tenant): how an approximate position was found (lbs, wifi, last) and its radius in metres are
 * read as stored, null for a GPS fix.
 */
export interface StoredPosition extends Omit<Position, 'terminalNo' | 'tenantId' | keyof PositionState> {
  fix?: ApproximateFix | null;
  accuracy?: number | null;
  /** What the report measured beyond the fix (null when nothing). */
  readings?: PositionReadings | null;
}

/** The stored fix kind and radius of approximate positions, and the extras the readings come from, for the track. */
export const trackExtrasColumns = [
  sql<string | null>`extras->>'fix'`.as('fix'), sql<string | null>`extras->>'accuracy'`.as('accuracy'), sql<unknown>`extras`.as('extras'),
] as const;

/** A stored row with its approximate-fix columns and readings read as they travel. */
export function toStoredPosition<R extends { alarmFlags: unknown; statusFlags: unknown; fix: string | null; accuracy: string | null; extras: unknown }>(
  { extras, ...r }: R,
): Omit<R, 'alarmFlags' | 'statusFlags' | 'fix' | 'accuracy' | 'extras'> & { alarmFlags: number; statusFlags: number; fix: ApproximateFix | null; accuracy: number | null; readings: PositionReadings | null } {
  return {
    ...(r as Omit<R, 'alarmFlags' | 'statusFlags' | 'fix' | 'accuracy' | 'extras'>),
    alarmFlags: Number(r.alarmFlags),
    statusFlags: Number(r.statusFlags),
    fix: approximateFix(r.fix),
    accuracy: r.accuracy === null ? null : Number(r.accuracy),
    readings: positionReadings(extras as Parameters<typeof positionReadings>[0]) ?? null,
  };
}

/**
 * The batch as one array literal per column, the shape UNNEST takes. Written here rather than
 * left to the driver: every element is a number, a boolean, an ISO time or JSON, so only the JSON
 * needs quoting, and the driver's generic per-element escaping was a visible share of ingest CPU.
 */
function columns(rows: readonly PositionRow[]) {
  const n = rows.length;
  const terminalId = new Array<number>(n), tenantId = new Array<number>(n), deviceTime = new Array<string>(n);
  const receivedTime = new Array<string>(n), lon = new Array<number>(n), lat = new Array<number>(n);
  const altitude = new Array<number>(n), speed = new Array<number>(n), course = new Array<number>(n);
  const alarm = new Array<number>(n), status = new Array<number>(n), mileage = new Array<number | string>(n);
  const extras = new Array<string>(n), backfill = new Array<string>(n);
  let lastReceived: Date | undefined, lastReceivedIso = '';
  for (let i = 0; i < n; i++) {
    const r = rows[i]!;
    terminalId[i] = r.terminalId;
    tenantId[i] = r.tenantId;
    deviceTime[i] = r.deviceTime.toISOString();
    // the rows of one read share their arrival time
    if (r.receivedTime !== lastReceived) {
      lastReceived = r.receivedTime;
      lastReceivedIso = r.receivedTime.toISOString();
    }
    receivedTime[i] = lastReceivedIso;
    lon[i] = r.lon;
    lat[i] = r.lat;
    altitude[i] = Math.round(r.altitude);
    speed[i] = r.speed;
    course[i] = Math.round(r.course);
    alarm[i] = r.alarmFlags >>> 0;
    status[i] = r.statusFlags >>> 0;
    mileage[i] = r.mileage ?? 'NULL';
    extras[i] = quoteElement(JSON.stringify(r.extras ?? {}));
    backfill[i] = r.backfill ? 't' : 'f';
  }
  const lit = (items: readonly (number | string)[]) => `{${items.join(',')}}`;
  return {
    terminalId: lit(terminalId), tenantId: lit(tenantId), deviceTime: lit(deviceTime), receivedTime: lit(receivedTime),
    lon: lit(lon), lat: lit(lat), altitude: lit(altitude), speed: lit(speed), course: lit(course), alarm: lit(alarm),
    status: lit(status), mileage: lit(mileage), extras: lit(extras), backfill: lit(backfill),
  };
}

/** An array-literal element in double quotes, with backslashes and quotes escaped. */
function quoteElement(text: string): string {
  return `"${text.replace(/[\\"]/g, '\\$&')}"`;
}

/**
 * Positions: the time-partitioned history and the latest position of every terminal. The
 * gateway's sink writes through {@link writeBatch}; the API reads tracks and latest positions.
 */
export class PositionQueries {
  readonly partitions: PositionPartitions;

  constructor(private readonly db: Kysely<Database>) {
    this.partitions = new PositionPartitions(db);
  }

  /**
   * Writes a batch atomically in one statement: INSERT … SELECT FROM UNNEST into positions (a
   * resent position is skipped by the primary key) and an upsert into latest_positions that moves
   * a terminal's latest only forward in device time, both reading the same unnested input. One
   * statement is one round trip with the columns sent once (two statements in a transaction
   * sent them twice over four round trips). Resolves after the commit.
   */
  async writeBatch(rows: readonly PositionRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.partitions.ensureFor(rows.map((r) => r.deviceTime));
    const c = columns(rows);
    await sql`
      with u as (
        select * from unnest(
          ${c.terminalId}::int[], ${c.tenantId}::int[], ${c.deviceTime}::timestamptz[], ${c.receivedTime}::timestamptz[],
          ${c.lon}::float8[], ${c.lat}::float8[], ${c.altitude}::int[], ${c.speed}::real[], ${c.course}::int[],
          ${c.alarm}::bigint[], ${c.status}::bigint[], ${c.mileage}::float8[], ${c.extras}::jsonb[], ${c.backfill}::bool[]
        ) as u(terminal_id, tenant_id, device_time, received_time, lon, lat, altitude, speed, course, alarm_flags, status_flags, mileage, extras, backfill)
      ), stored as (
        insert into positions (terminal_id, tenant_id, device_time, received_time, lon, lat, altitude, speed, course, alarm_flags, status_flags, mileage, extras, backfill)
        select * from u
        on conflict (terminal_id, device_time) do nothing
      )
      insert into latest_positions (terminal_id, tenant_id, device_time, received_time, lon, lat, altitude, speed, course, alarm_flags, status_flags, mileage, extras)
      select distinct on (terminal_id) terminal_id, tenant_id, device_time, received_time, lon, lat, altitude, speed, course, alarm_flags, status_flags, mileage, extras
      from u
      order by terminal_id, device_time desc, received_time desc
      on conflict (terminal_id) do update set
        tenant_id = excluded.tenant_id, device_time = excluded.device_time, received_time = excluded.received_time,
        lon = excluded.lon, lat = excluded.lat, altitude = excluded.altitude, speed = excluded.speed, course = excluded.course,
        alarm_flags = excluded.alarm_flags, status_flags = excluded.status_flags,
        mileage = coalesce(excluded.mileage, latest_positions.mileage), extras = excluded.extras
      where latest_positions.device_time < excluded.device_time`.execute(this.db);
  }

  /** A terminal's positions with start ≤ device time ≤ end, oldest first. */
  async track(terminalId: number, start: Date, end: Date, limit: number): Promise<StoredPosition[]> {
    const rows = await this.db
      .selectFrom('positions')
      .select([
        'terminal_id as terminalId', 'device_time as deviceTime', 'received_time as receivedTime', 'lon', 'lat', 'altitude',
        'speed', 'course', 'alarm_flags as alarmFlags', 'status_flags as statusFlags', 'mileage', 'backfill', ...trackExtrasColumns,
      ])
      .where('terminal_id', '=', terminalId)
      .where('device_time', '>=', start)
      .where('device_time', '<=', end)
      .orderBy('device_time')
      .limit(limit)
      .execute();
    return rows.map(toStoredPosition);
  }

  /**
   * A terminal's battery over a time range: the voltage and charge each report carried (reports
   * without either are left out), with the nominal voltage of its e-bike's pack when one is set.
   */
  async batteryHistory(terminalId: number, start: Date, end: Date, limit: number): Promise<{
    nominalVoltage: number | null;
    points: { time: Date; voltage: number | null; battery: number | null; charging: boolean | null }[];
  }> {
    const [rows, asset] = await Promise.all([
      this.db
        .selectFrom('positions')
        .select([
          'device_time as time', sql<string | null>`extras->>'externalVoltage'`.as('voltage'), sql<string | null>`extras->>'battery'`.as('battery'),
          sql<string | null>`extras->>'charging'`.as('charging'),
        ])
        .where('terminal_id', '=', terminalId)
        .where('device_time', '>=', start)
        .where('device_time', '<=', end)
        .where(sql<boolean>`(extras ? 'externalVoltage' or extras ? 'battery')`)
        .orderBy('device_time')
        .limit(limit)
        .execute(),
      this.db
        .selectFrom('terminals as t')
        .leftJoin('vehicles as v', 'v.id', 't.vehicle_id')
        .select(sql<string | null>`v.profile->>'batteryVoltage'`.as('nominal'))
        .where('t.id', '=', terminalId)
        .executeTakeFirst(),
    ]);
    const num = (v: string | null) => (v === null || v === '' || !Number.isFinite(Number(v)) ? null : Number(v));
    return {
      nominalVoltage: num(asset?.nominal ?? null),
      points: rows.map((r) => ({ time: r.time, voltage: num(r.voltage), battery: num(r.battery), charging: r.charging === null ? null : r.charging === 'true' })),
    };
  }

  /** How many positions a terminal has stored in total (tests, reports). */
  async count(terminalId?: number): Promise<number> {
    let q = this.db.selectFrom('positions').select((eb) => eb.fn.countAll().as('n'));
    if (terminalId !== undefined) q = q.where('terminal_id', '=', terminalId);
    return Number((await q.executeTakeFirstOrThrow()).n);
  }

  /** Every stored (terminal, device time) pair of the given terminals, for durability checks. */
  async storedKeys(terminalIds: readonly number[]): Promise<{ terminalId: number; deviceTime: Date }[]> {
    if (terminalIds.length === 0) return [];
    return this.db
      .selectFrom('positions')
      .select(['terminal_id as terminalId', 'device_time as deviceTime'])
      .where('terminal_id', 'in', [...terminalIds])
      .execute();
  }
}
