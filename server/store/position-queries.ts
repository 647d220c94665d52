import { sql, type Kysely } from 'kysely';
import type { PositionRow } from '../gateway/gateway-ports';
import type { Database } from './db-schema';
import { PositionPartitions } from './position-partitions';

/** One stored position as the API reads it. */
export interface StoredPosition {
  terminalId: number;
  deviceTime: Date;
  receivedTime: Date;
  lon: number;
  lat: number;
  altitude: number;
  speed: number;
  course: number;
  alarmFlags: number;
  statusFlags: number;
  mileage: number | null;
  backfill: boolean;
}

/** The batch as one array per column, the shape UNNEST takes. */
function columns(rows: readonly PositionRow[]) {
  return {
    terminalId: rows.map((r) => Number(r.terminalId)),
    tenantId: rows.map((r) => Number(r.tenantId)),
    deviceTime: rows.map((r) => r.deviceTime),
    receivedTime: rows.map((r) => r.receivedTime),
    lon: rows.map((r) => r.lon),
    lat: rows.map((r) => r.lat),
    altitude: rows.map((r) => Math.round(r.altitude)),
    speed: rows.map((r) => r.speed),
    course: rows.map((r) => Math.round(r.course)),
    alarm: rows.map((r) => r.alarmFlags >>> 0),
    status: rows.map((r) => r.statusFlags >>> 0),
    mileage: rows.map((r) => r.mileage ?? null),
    extras: rows.map((r) => JSON.stringify(r.extras ?? {})),
    backfill: rows.map((r) => r.backfill),
  };
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
        'speed', 'course', 'alarm_flags as alarmFlags', 'status_flags as statusFlags', 'mileage', 'backfill',
      ])
      .where('terminal_id', '=', terminalId)
      .where('device_time', '>=', start)
      .where('device_time', '<=', end)
      .orderBy('device_time')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...r, alarmFlags: Number(r.alarmFlags), statusFlags: Number(r.statusFlags) }));
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
