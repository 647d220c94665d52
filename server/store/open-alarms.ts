import { sql, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { eventAlarmTypes } from '../alarms/alarm-catalogue';
import type { Database } from './db-schema';

/**
 * The open-alarm state every counter reads (monitor tree and items, dashboards, live channel): an
 * alarm is open while it is not handled (status 0) and, for a condition type, while its condition
 * lasts (no end time). An event type (SOS, 断电, 震动 …) stays open after it ended until handled.
 */
export function isOpenAlarm(eb: ExpressionBuilder<{ oa: Database['alarms'] }, 'oa'>) {
  return eb.and([
    eb('oa.status', '=', 0),
    eb.or([eb('oa.end_time', 'is', null), eb('oa.alarm_type', 'in', [...eventAlarmTypes()])]),
  ]);
}

/** Open alarms per terminal of these tenants (optionally only these terminals): how many, and of which types. */
export function openAlarmsByTerminal(db: Kysely<Database>, tenantIds: readonly number[], terminalIds?: readonly number[]) {
  let q = db
    .selectFrom('alarms as oa')
    .where(isOpenAlarm)
    .where('oa.tenant_id', 'in', tenantIds.length ? [...tenantIds] : [-1]);
  if (terminalIds) q = q.where('oa.terminal_id', 'in', terminalIds.length ? [...terminalIds] : [-1]);
  return q
    .select([
      'oa.terminal_id',
      sql<string>`count(*)`.as('n'),
      sql<string>`string_agg(distinct oa.alarm_type, ',')`.as('types'),
    ])
    .groupBy('oa.terminal_id');
}

/** The SQL truth of "this asset has an open alarm" once `openAlarmsByTerminal` is joined as `oo`. */
export const hasOpenAlarm = sql<SqlBool>`coalesce(oo.n, 0) > 0`;
