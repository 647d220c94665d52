import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from './db-schema';

export type MonitorStatus = 'all' | 'online' | 'offline' | 'alarm';

/** One asset (terminal, its vehicle and group) with its latest position, as stored. */
export interface AssetRow {
  terminalId: number;
  terminalNo: string;
  vehicleId: number | null;
  plateNo: string | null;
  groupId: number | null;
  groupName: string | null;
  online: boolean;
  lon: number | null;
  lat: number | null;
  speed: number | null;
  course: number | null;
  altitude: number | null;
  gpsTime: Date | null;
  receivedTime: Date | null;
  alarmFlags: number;
  statusFlags: number;
  mileage: number | null;
}

export interface AssetFilter {
  status?: MonitorStatus;
  /** Part of a plate or terminal number. */
  keyword?: string;
  /** Only assets in these groups (the caller expands subgroups). */
  groupIds?: readonly number[];
  /** Online means connected and reported at or after this time. */
  freshSince: Date;
  offset?: number;
  limit?: number;
  /** Only these terminals. */
  terminalIds?: readonly number[];
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The monitor's view: every asset of a tenant with its latest position and state. */
export class MonitorQueries {
  constructor(private readonly db: Kysely<Database>) {}

  private base(tenantId: number, freshSince: Date) {
    const online = sql<boolean>`(t.connected and lp.received_time is not null and lp.received_time >= ${freshSince})`;
    return {
      online,
      query: this.db
        .selectFrom('terminals as t')
        .leftJoin('vehicles as v', 'v.id', 't.vehicle_id')
        .leftJoin('vehicle_groups as g', 'g.id', 'v.group_id')
        .leftJoin('latest_positions as lp', 'lp.terminal_id', 't.id')
        .where('t.tenant_id', '=', tenantId),
    };
  }

  async assets(tenantId: number, filter: AssetFilter): Promise<{ total: number; list: AssetRow[] }> {
    const { online, query: base } = this.base(tenantId, filter.freshSince);
    let query = base;
    const status = filter.status ?? 'all';
    if (status === 'online') query = query.where(online as Expression<SqlBool>);
    if (status === 'offline') query = query.where(sql<SqlBool>`not ${online}`);
    if (status === 'alarm') query = query.where(sql<SqlBool>`coalesce(lp.alarm_flags, 0) <> 0`);
    const keyword = filter.keyword?.trim();
    if (keyword) {
      const pattern = `%${escapeLike(keyword)}%`;
      const stripped = keyword.replace(/^0+/, '');
      query = query.where((eb) => eb.or([
        eb('v.plate_no', 'ilike', pattern),
        eb('t.display_no', 'like', pattern),
        ...(stripped ? [eb('t.terminal_no', 'like', `%${escapeLike(stripped)}%`)] : []),
      ]));
    }
    if (filter.groupIds) {
      if (filter.groupIds.length === 0) return { total: 0, list: [] };
      query = query.where('v.group_id', 'in', [...filter.groupIds]);
    }
    if (filter.terminalIds) {
      if (filter.terminalIds.length === 0) return { total: 0, list: [] };
      query = query.where('t.id', 'in', [...filter.terminalIds]);
    }
    const total = Number((await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    let page = query
      .select([
        't.id as terminalId', 't.display_no as terminalNo', 'v.id as vehicleId', 'v.plate_no as plateNo', 'g.id as groupId', 'g.name as groupName',
        online.as('online'), 'lp.lon', 'lp.lat', 'lp.speed', 'lp.course', 'lp.altitude', 'lp.device_time as gpsTime', 'lp.received_time as receivedTime',
        'lp.alarm_flags as alarmFlags', 'lp.status_flags as statusFlags', 'lp.mileage',
      ])
      .orderBy(sql`coalesce(v.plate_no, t.display_no)`)
      .orderBy('t.id');
    if (filter.offset) page = page.offset(filter.offset);
    if (filter.limit !== undefined) page = page.limit(filter.limit);
    const rows = await page.execute();
    return {
      total,
      list: rows.map((r) => ({
        ...r,
        online: Boolean(r.online),
        alarmFlags: Number(r.alarmFlags ?? 0),
        statusFlags: Number(r.statusFlags ?? 0),
      })),
    };
  }

  /** Per group: how many assets, how many online, how many alarming (directly in it, not subgroups). */
  async groupCounts(tenantId: number, freshSince: Date): Promise<{ groupId: number | null; all: number; online: number; alarm: number }[]> {
    const { online, query } = this.base(tenantId, freshSince);
    const rows = await query
      .select([
        'v.group_id as groupId',
        (eb) => eb.fn.countAll().as('all'),
        sql<number>`count(*) filter (where ${online})`.as('online'),
        sql<number>`count(*) filter (where coalesce(lp.alarm_flags, 0) <> 0)`.as('alarm'),
      ])
      .groupBy('v.group_id')
      .execute();
    return rows.map((r) => ({ groupId: r.groupId, all: Number(r.all), online: Number(r.online), alarm: Number(r.alarm) }));
  }
}
