import { sql, type Kysely } from 'kysely';
import type { GuardSettings, VibrationSensitivity } from '../../sdk/ebike-guard';
import { AlarmSettingsQueries } from './alarm-settings-queries';
import type { Database } from './db-schema';
import { enqueueAlarmDeliveries } from './notify-queries';
import { assetInScope, type AccessScope } from './scope-queries';

/** 实时告警 (告警中心, the alarm desk, 数据看板's 未处理告警): the unprocessed alarms that started this recently, ms. */
export const REAL_TIME_WINDOW_MS = 24 * 3600_000;

/** Where 实时告警 starts at `now`. */
export function realTimeSince(now: Date): Date {
  return new Date(now.getTime() - REAL_TIME_WINDOW_MS);
}

/** An alarm with its asset as stored (times as Dates). */
export interface AlarmRow {
  id: number;
  tenantId: number;
  terminalId: number;
  alarmType: string;
  source: string;
  fenceId: number;
  terminalNo: string;
  plateNo: string | null;
  /** A person's 手机号 or a pet's 主人手机号; null for other assets or when not filled in. */
  contactPhone: string | null;
  vehicleId: number | null;
  groupId: number | null;
  groupName: string | null;
  startTime: Date;
  endTime: Date | null;
  lon: number | null;
  lat: number | null;
  speed: number | null;
  detail: Record<string, unknown>;
  status: number;
  processNote: string | null;
  processUser: string | null;
  processTime: Date | null;
  /** 补报: recorded from a report that arrived late, at the report's own time. */
  late: boolean;
  /** The level the alarm's tenant set for its type; null: the type's default. */
  level: string | null;
  /** vehicle, person, pet or ebike; null for a terminal bound to no asset. */
  assetKind: string | null;
}

export interface NewAlarm {
  tenantId: number;
  terminalId: number;
  alarmType: string;
  source: string;
  fenceId?: number;
  startTime: Date;
  /** Set for instant alarms (fence enter/exit): the same as startTime. */
  endTime?: Date;
  lon: number | null;
  lat: number | null;
  speed: number | null;
  detail: Record<string, unknown>;
}

export interface AlarmFilter {
  start?: Date;
  end?: Date;
  alarmTypes?: readonly string[];
  status?: number;
  keyword?: string;
  /** Only assets in these groups (already expanded to subgroups). */
  groupIds?: readonly number[];
  offset: number;
  limit: number;
}

/** What the rules need of a terminal's asset. */
export interface AlarmAsset {
  tenantId: number;
  vehicleId: number | null;
  groupId: number | null;
  speedLimit: number | null;
  /** vehicle, person, pet or ebike; null for a terminal bound to no asset. */
  assetKind: string | null;
  /** A person's department (their profile's 部门, '' without one): its 健康设置 apply to them. */
  department: string;
  /** The device's saved 防盗设置; null while it has none (the defaults apply). */
  guard: GuardSettings | null;
}

/** A terminal that has reported before and is silent now. */
export interface SilentTerminal {
  terminalId: number;
  tenantId: number;
  receivedTime: Date;
  lon: number;
  lat: number;
  speed: number;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Alarms: raised by the engine, read and processed by operators within their scope. */
export class AlarmQueries {
  /** Alarm controls and push settings of each tenant. */
  readonly settings: AlarmSettingsQueries;

  constructor(private readonly db: Kysely<Database>) {
    this.settings = new AlarmSettingsQueries(db);
  }

  private view() {
    return this.db
      .selectFrom('alarms as a')
      .innerJoin('terminals as t', 't.id', 'a.terminal_id')
      .leftJoin('vehicles as v', 'v.id', 't.vehicle_id')
      .leftJoin('vehicle_groups as g', 'g.id', 'v.group_id')
      .leftJoin('alarm_controls as ac', (join) => join.onRef('ac.tenant_id', '=', 'a.tenant_id').onRef('ac.alarm_type', '=', 'a.alarm_type'))
      .select([
        'a.id', 'a.tenant_id as tenantId', 'a.terminal_id as terminalId', 'a.alarm_type as alarmType', 'a.source', 'a.fence_id as fenceId',
        't.display_no as terminalNo', 'v.plate_no as plateNo', 'v.id as vehicleId', 'g.id as groupId', 'g.name as groupName',
        'a.start_time as startTime', 'a.end_time as endTime', 'a.lon', 'a.lat', 'a.speed', 'a.detail', 'a.status',
        'a.process_note as processNote', 'a.process_user as processUser', 'a.process_time as processTime', 'a.late', 'ac.level',
        'v.asset_kind as assetKind',
        sql<string | null>`coalesce(nullif(v.profile->>'phone', ''), nullif(v.profile->>'ownerPhone', ''))`.as('contactPhone'),
      ]);
  }

  private static row(r: Record<string, unknown>): AlarmRow {
    return { ...(r as unknown as AlarmRow), id: Number(r.id), detail: (r.detail ?? {}) as Record<string, unknown> };
  }

  /** Opens an alarm unless one of the asset, type and fence is open already; the new row or undefined. */
  async open(alarm: NewAlarm): Promise<AlarmRow | undefined> {
    // the alarm and its deliveries (告警推送 outbox) in one transaction: neither without the other
    const inserted = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('alarms')
        .values({
          tenant_id: alarm.tenantId, terminal_id: alarm.terminalId, alarm_type: alarm.alarmType, source: alarm.source, fence_id: alarm.fenceId ?? 0,
          start_time: alarm.startTime, end_time: alarm.endTime ?? null, lon: alarm.lon, lat: alarm.lat, speed: alarm.speed,
          detail: JSON.stringify(alarm.detail),
        })
        .onConflict((oc) => oc.columns(['terminal_id', 'alarm_type', 'fence_id']).where('end_time', 'is', null).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (row) await enqueueAlarmDeliveries(trx, { id: Number(row.id), tenantId: alarm.tenantId, alarmType: alarm.alarmType });
      return row;
    });
    if (!inserted) return undefined;
    return (await this.byIds([Number(inserted.id)]))[0];
  }

  /**
   * Records an alarm a late report carried (补报) as an instant at its own device time, unless an
   * alarm of the terminal and type already covers that time (the live one, or the same report
   * resent); the new row or undefined.
   */
  async recordLate(alarm: Omit<NewAlarm, 'fenceId' | 'endTime'>, opts: { notify?: boolean } = {}): Promise<AlarmRow | undefined> {
    const covered = await this.db
      .selectFrom('alarms')
      .select('id')
      .where('terminal_id', '=', alarm.terminalId)
      .where('alarm_type', '=', alarm.alarmType)
      .where('start_time', '<=', alarm.startTime)
      .where((eb) => eb.or([eb('end_time', 'is', null), eb('end_time', '>=', alarm.startTime)]))
      .limit(1)
      .executeTakeFirst();
    if (covered) return undefined;
    const inserted = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('alarms')
        .values({
          tenant_id: alarm.tenantId, terminal_id: alarm.terminalId, alarm_type: alarm.alarmType, source: alarm.source, fence_id: 0,
          start_time: alarm.startTime, end_time: alarm.startTime, lon: alarm.lon, lat: alarm.lat, speed: alarm.speed,
          detail: JSON.stringify(alarm.detail), late: true,
        })
        // the same report committed twice at once (two instances): one row
        .onConflict((oc) => oc.columns(['terminal_id', 'alarm_type', 'start_time']).where('late', '=', true).doNothing())
        .returning('id')
        .executeTakeFirst();
      // a recent one is raised like a live alarm, and delivered with it
      if (row && opts.notify) await enqueueAlarmDeliveries(trx, { id: Number(row.id), tenantId: alarm.tenantId, alarmType: alarm.alarmType });
      return row;
    });
    if (!inserted) return undefined;
    return (await this.byIds([Number(inserted.id)]))[0];
  }

  /** Stretches a late alarm to a later report of the same run (the bit still set). */
  async extendLate(id: number, endTime: Date): Promise<void> {
    await this.db.updateTable('alarms').set({ end_time: endTime }).where('id', '=', String(id)).where('late', '=', true).where('end_time', '<', endTime).execute();
  }

  /** Ends the open alarm of the asset and type; the ended row or undefined when none was open. */
  async end(terminalId: number, alarmType: string, endTime: Date, detail?: Record<string, unknown>): Promise<AlarmRow | undefined> {
    const ended = await this.db
      .updateTable('alarms')
      .set({
        end_time: sql`greatest(start_time, ${endTime}::timestamptz)`,
        ...(detail && { detail: sql`detail || ${JSON.stringify(detail)}::jsonb` }),
      })
      .where('terminal_id', '=', terminalId)
      .where('alarm_type', '=', alarmType)
      .where('fence_id', '=', 0)
      .where('end_time', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!ended) return undefined;
    return (await this.byIds([Number(ended.id)]))[0];
  }

  /** Types with an open alarm of the terminal. */
  async openTypes(terminalId: number): Promise<string[]> {
    const rows = await this.db.selectFrom('alarms').select('alarm_type').where('terminal_id', '=', terminalId).where('end_time', 'is', null).execute();
    return rows.map((r) => r.alarm_type);
  }

  async byIds(ids: readonly number[]): Promise<AlarmRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.view().where('a.id', 'in', ids.map(String)).orderBy('a.id').execute();
    return rows.map((r) => AlarmQueries.row(r));
  }

  /** Alarms in the scope, newest first. */
  async page(scope: AccessScope, filter: AlarmFilter): Promise<{ total: number; list: AlarmRow[] }> {
    let q = this.db
      .selectFrom('alarms as a')
      .innerJoin('terminals as t', 't.id', 'a.terminal_id')
      .leftJoin('vehicles as v', 'v.id', 't.vehicle_id')
      .where(assetInScope(scope, 'a.tenant_id', 'v.group_id'));
    if (filter.start) q = q.where('a.start_time', '>=', filter.start);
    if (filter.end) q = q.where('a.start_time', '<=', filter.end);
    if (filter.alarmTypes?.length) q = q.where('a.alarm_type', 'in', [...filter.alarmTypes]);
    if (filter.status !== undefined) q = q.where('a.status', '=', filter.status);
    if (filter.groupIds) q = q.where('v.group_id', 'in', filter.groupIds.length ? [...filter.groupIds] : [-1]);
    const keyword = filter.keyword?.trim();
    if (keyword) {
      const pattern = `%${escapeLike(keyword)}%`;
      // 013800000001 finds the terminal stored as 13800000001; a stripped `3` alone matches only numbers starting with it
      const stripped = keyword.replace(/^0+/, '');
      q = q.where((eb) => eb.or([
        eb('v.plate_no', 'ilike', pattern),
        eb('t.display_no', 'like', pattern),
        eb('t.terminal_no', 'like', pattern),
        ...(stripped && stripped !== keyword ? [eb('t.terminal_no', 'like', `${escapeLike(stripped)}%`)] : []),
      ]));
    }
    const [count, ids] = await Promise.all([
      q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      q.select('a.id').orderBy('a.start_time', 'desc').orderBy('a.id', 'desc').offset(filter.offset).limit(filter.limit).execute(),
    ]);
    const rows = await this.byIds(ids.map((r) => Number(r.id)));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return { total: Number(count.n), list: ids.map((r) => byId.get(Number(r.id))!).filter(Boolean) };
  }

  /**
   * Alarms per type that started in [since, until] (until: open-ended), in the scope; with `status`
   * only the unprocessed (0) or the processed (1). The counts of 告警中心's 实时告警 and of 数据看板.
   */
  async countByType(scope: AccessScope, range: { since: Date; until?: Date; status?: number }): Promise<{ alarmType: string; count: number }[]> {
    let q = this.db
      .selectFrom('alarms as a')
      .innerJoin('terminals as t', 't.id', 'a.terminal_id')
      .leftJoin('vehicles as v', 'v.id', 't.vehicle_id')
      .where(assetInScope(scope, 'a.tenant_id', 'v.group_id'))
      .where('a.start_time', '>=', range.since);
    if (range.until) q = q.where('a.start_time', '<=', range.until);
    if (range.status !== undefined) q = q.where('a.status', '=', range.status);
    const rows = await q.select(['a.alarm_type as alarmType', (eb) => eb.fn.countAll().as('n')]).groupBy('a.alarm_type').execute();
    return rows.map((r) => ({ alarmType: r.alarmType, count: Number(r.n) }));
  }

  /**
   * The assets with the most alarms started in [since, until] in the scope (as many as `limit`),
   * most first: what 告警明细 lists for each of them over that time.
   */
  async countByAsset(scope: AccessScope, range: { since: Date; until: Date }, limit: number) {
    const rows = await this.db
      .selectFrom('alarms as a')
      .innerJoin('terminals as t', 't.id', 'a.terminal_id')
      .leftJoin('vehicles as v', 'v.id', 't.vehicle_id')
      .where(assetInScope(scope, 'a.tenant_id', 'v.group_id'))
      .where('a.start_time', '>=', range.since)
      .where('a.start_time', '<=', range.until)
      .select(['t.display_no as terminalNo', 'v.plate_no as plateNo', 'v.asset_kind as assetKind', (eb) => eb.fn.countAll().as('n')])
      .groupBy(['t.id', 't.display_no', 'v.plate_no', 'v.asset_kind'])
      .orderBy('n', 'desc').orderBy('t.display_no').limit(limit).execute();
    return rows.map((r) => ({ terminalNo: r.terminalNo, plateNo: r.plateNo, assetKind: r.assetKind, count: Number(r.n) }));
  }

  /** Of these ids, the ones in the scope. */
  async idsInScope(scope: AccessScope, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('alarms as a')
      .innerJoin('terminals as t', 't.id', 'a.terminal_id')
      .leftJoin('vehicles as v', 'v.id', 't.vehicle_id')
      .where(assetInScope(scope, 'a.tenant_id', 'v.group_id'))
      .where('a.id', 'in', ids.map(String))
      .select('a.id')
      .execute();
    return rows.map((r) => Number(r.id));
  }

  /** Marks unprocessed alarms of `ids` processed; the rows that changed now. */
  async process(ids: readonly number[], note: string, account: string, at: Date): Promise<AlarmRow[]> {
    if (ids.length === 0) return [];
    const updated = await this.db
      .updateTable('alarms')
      .set({ status: 1, process_note: note, process_user: account, process_time: at })
      .where('id', 'in', ids.map(String))
      .where('status', '=', 0)
      .returning('id')
      .execute();
    return this.byIds(updated.map((r) => Number(r.id)));
  }

  /** Terminals whose last position arrived before `cutoff`, without an open offline alarm. */
  async silentTerminals(cutoff: Date): Promise<SilentTerminal[]> {
    return this.db
      .selectFrom('latest_positions as lp')
      .innerJoin('terminals as t', 't.id', 'lp.terminal_id')
      .where('lp.received_time', '<', cutoff)
      .where((eb) => eb.not(eb.exists(
        eb.selectFrom('alarms as a').select('a.id').whereRef('a.terminal_id', '=', 't.id').where('a.alarm_type', '=', 'offline').where('a.end_time', 'is', null),
      )))
      .select(['t.id as terminalId', 't.tenant_id as tenantId', 'lp.received_time as receivedTime', 'lp.lon', 'lp.lat', 'lp.speed'])
      .execute();
  }

  /** The terminal's tenant, vehicle, group, speed limit and 防盗设置 (undefined for an unknown terminal). */
  async assetOf(terminalId: number): Promise<AlarmAsset | undefined> {
    const row = await this.db
      .selectFrom('terminals as t')
      .leftJoin('vehicles as v', 'v.id', 't.vehicle_id')
      .leftJoin('device_guard_settings as gs', 'gs.terminal_id', 't.id')
      .select([
        't.tenant_id as tenantId', 'v.id as vehicleId', 'v.group_id as groupId', 'v.speed_limit as speedLimit', 'v.asset_kind as assetKind',
        'gs.vibration_sensitivity as sensitivity', 'gs.vibration_window_seconds as windowSeconds',
        sql<string | null>`v.profile->>'department'`.as('department'),
      ])
      .where('t.id', '=', terminalId)
      .executeTakeFirst();
    if (!row) return undefined;
    const { sensitivity, windowSeconds, department, ...asset } = row;
    const guard = sensitivity === null || windowSeconds === null ? null : { sensitivity: Number(sensitivity) as VibrationSensitivity, windowSeconds: Number(windowSeconds) };
    return { ...asset, department: department?.trim() ?? '', guard };
  }

  /** The open alarm of the terminal and type (not tied to a fence), to pick up an episode after a restart. */
  async openOf(terminalId: number, alarmType: string): Promise<Pick<AlarmRow, 'id' | 'startTime' | 'lon' | 'lat' | 'speed' | 'detail'> | undefined> {
    const row = await this.db
      .selectFrom('alarms')
      .select(['id', 'start_time as startTime', 'lon', 'lat', 'speed', 'detail'])
      .where('terminal_id', '=', terminalId)
      .where('alarm_type', '=', alarmType)
      .where('fence_id', '=', 0)
      .where('end_time', 'is', null)
      .executeTakeFirst();
    return row && { ...row, id: Number(row.id), detail: (row.detail ?? {}) as Record<string, unknown> };
  }

  /** Brings the open alarm's detail up to date (another report of its episode); false when none is open. */
  async extendOpen(terminalId: number, alarmType: string, detail: Record<string, unknown>): Promise<boolean> {
    const updated = await this.db
      .updateTable('alarms')
      .set({ detail: sql`detail || ${JSON.stringify(detail)}::jsonb` })
      .where('terminal_id', '=', terminalId)
      .where('alarm_type', '=', alarmType)
      .where('fence_id', '=', 0)
      .where('end_time', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return updated !== undefined;
  }

  /**
   * Ends the open episodes of the type (震动告警) whose last report (`detail.lastTime`, else the start)
   * is more than their window (`detail.windowSeconds`, else `defaultWindowSeconds`) plus `graceMs`
   * before `now`: their end time is that last report. The ended rows.
   */
  async endQuietEpisodes(alarmType: string, now: Date, defaultWindowSeconds: number, graceMs: number): Promise<AlarmRow[]> {
    const last = sql<Date>`coalesce((detail->>'lastTime')::timestamptz, start_time)`;
    const windowSeconds = sql<number>`coalesce((detail->>'windowSeconds')::integer, ${defaultWindowSeconds})`;
    const ended = await this.db
      .updateTable('alarms')
      .set({ end_time: sql`greatest(start_time, ${last})` })
      .where('alarm_type', '=', alarmType)
      .where('fence_id', '=', 0)
      .where('end_time', 'is', null)
      .where(sql<boolean>`${last} + interval '1 millisecond' * (${windowSeconds} * 1000 + ${graceMs}) < ${now}::timestamptz`)
      .returning('id')
      .execute();
    return this.byIds(ended.map((r) => Number(r.id)));
  }

  /** Positions of the terminal with device time in [from, to), oldest first (at most `limit`, the newest ones). */
  async recentPositions(terminalId: number, from: Date, to: Date, limit = 5000): Promise<{ time: Date; speed: number; statusFlags: number }[]> {
    const rows = await this.db
      .selectFrom('positions')
      .select(['device_time as time', 'speed', 'status_flags as statusFlags'])
      .where('terminal_id', '=', terminalId)
      .where('device_time', '>=', from)
      .where('device_time', '<', to)
      .orderBy('device_time', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse().map((r) => ({ time: r.time, speed: Number(r.speed), statusFlags: Number(r.statusFlags) }));
  }
}
