import type { Kysely } from 'kysely';
import {
  DEFAULT_HEALTH_THRESHOLD,
  HEALTH_LIMIT_KEYS,
  pickOverride,
  resolveHealthLimits,
  type HealthLimitKey,
  type HealthLimitOverride,
  type HealthThreshold,
} from '../../sdk/health-limits';
import type { Database } from './db-schema';

export { DEFAULT_HEALTH_THRESHOLD, type HealthThreshold };

/** Column of each limit, in both tables. */
const COLUMN: Record<HealthLimitKey, keyof Database['health_limit_overrides'] & keyof Database['health_thresholds']> = {
  heartRateMin: 'heart_rate_min',
  heartRateMax: 'heart_rate_max',
  systolicMin: 'systolic_min',
  systolicMax: 'systolic_max',
  diastolicMin: 'diastolic_min',
  diastolicMax: 'diastolic_max',
  spo2Min: 'spo2_min',
  temperatureMin: 'temperature_min',
  temperatureMax: 'temperature_max',
};

/** Where an override applies: a department (profile 部门) or one person. */
export type HealthOverrideTarget = { department: string } | { vehicleId: number };

/** A department's or a person's own limits as stored. */
export interface HealthOverrideRecord {
  id: number;
  department: string | null;
  vehicleId: number | null;
  limits: HealthLimitOverride;
  updatedAt: Date;
}

const toLimits = (row: Record<string, unknown>): HealthLimitOverride =>
  pickOverride(Object.fromEntries(HEALTH_LIMIT_KEYS.map((k) => [k, row[COLUMN[k]] === null || row[COLUMN[k]] === undefined ? undefined : Number(row[COLUMN[k]])])));

const toColumns = (limits: HealthLimitOverride) => Object.fromEntries(HEALTH_LIMIT_KEYS.map((k) => [COLUMN[k], limits[k] ?? null]));

/** 健康设置: the tenant's limits and step goal, and the limits of its departments and people. */
export class HealthQueries {
  constructor(private readonly db: Kysely<Database>) {}

  /** The tenant's 健康设置; a limit it never saved is the default. */
  async get(tenantId: number): Promise<HealthThreshold> {
    const row = await this.db.selectFrom('health_thresholds').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
    if (!row) return { ...DEFAULT_HEALTH_THRESHOLD };
    return { ...DEFAULT_HEALTH_THRESHOLD, ...toLimits(row as unknown as Record<string, unknown>), stepGoal: row.step_goal };
  }

  async save(tenantId: number, value: HealthThreshold, at: Date): Promise<void> {
    const update = { ...toColumns(value), step_goal: value.stepGoal, updated_at: at } as Record<string, unknown>;
    await this.db
      .insertInto('health_thresholds')
      .values({ tenant_id: tenantId, ...update } as never)
      .onConflict((oc) => oc.column('tenant_id').doUpdateSet(update as never))
      .execute();
  }

  /** A person's limits (their own over their department's over the tenant's, field by field) and the tenant's step goal. */
  async limitsFor(tenantId: number, department: string, vehicleId: number | null): Promise<HealthThreshold> {
    const [tenant, overrides] = await Promise.all([this.get(tenantId), this.overrides(tenantId)]);
    const dept = department.trim();
    const limits = resolveHealthLimits(
      tenant,
      dept ? overrides.find((o) => o.department === dept)?.limits : undefined,
      vehicleId === null ? undefined : overrides.find((o) => o.vehicleId === vehicleId)?.limits,
    );
    return { ...limits, stepGoal: tenant.stepGoal };
  }

  /** The tenant's department and person overrides, departments first. */
  async overrides(tenantId: number): Promise<HealthOverrideRecord[]> {
    const rows = await this.db
      .selectFrom('health_limit_overrides')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('vehicle_id', 'desc')
      .orderBy('department')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ id: r.id, department: r.department, vehicleId: r.vehicle_id, limits: toLimits(r as unknown as Record<string, unknown>), updatedAt: r.updated_at }));
  }

  /** Saves (replaces) the override of a department or person; answers its id. */
  async saveOverride(tenantId: number, target: HealthOverrideTarget, limits: HealthLimitOverride, at: Date, userId: number): Promise<number> {
    const columns = { ...toColumns(limits), updated_at: at, updated_by: userId };
    const existing = await this.db
      .selectFrom('health_limit_overrides')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where((eb) => ('department' in target ? eb('department', '=', target.department) : eb('vehicle_id', '=', target.vehicleId)))
      .executeTakeFirst();
    if (existing) {
      await this.db.updateTable('health_limit_overrides').set(columns).where('id', '=', existing.id).execute();
      return existing.id;
    }
    const row = await this.db
      .insertInto('health_limit_overrides')
      .values({ tenant_id: tenantId, ...('department' in target ? { department: target.department } : { vehicle_id: target.vehicleId }), ...columns })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Removes one of the tenant's overrides; false when it has no such override. */
  async deleteOverride(tenantId: number, id: number): Promise<boolean> {
    const res = await this.db.deleteFrom('health_limit_overrides').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }
}
