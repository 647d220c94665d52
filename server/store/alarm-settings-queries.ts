import type { Kysely } from 'kysely';
import { isAlarmLevel, type AlarmControl } from '../alarms/alarm-catalogue';
import type { AlarmPushSettings } from '../../sdk/services/alarm-service';
import type { Database } from './db-schema';

/** Per-tenant alarm controls (告警设置) and push settings (推送设置). */
export class AlarmSettingsQueries {
  constructor(private readonly db: Kysely<Database>) {}

  /** The tenant's saved controls (types it never saved are absent). */
  async controls(tenantId: number): Promise<AlarmControl[]> {
    const rows = await this.db.selectFrom('alarm_controls').select(['alarm_type', 'enabled', 'thresholds', 'level']).where('tenant_id', '=', tenantId).execute();
    return rows.map((r) => ({
      alarmType: r.alarm_type,
      enabled: r.enabled,
      ...(isAlarmLevel(r.level) && { level: r.level }),
      thresholds: (r.thresholds ?? {}) as Record<string, number>,
    }));
  }

  /** Saved controls of every tenant that saved any (the offline check reads them all at once). */
  async controlsOfType(alarmType: string): Promise<(AlarmControl & { tenantId: number })[]> {
    const rows = await this.db.selectFrom('alarm_controls').select(['tenant_id', 'enabled', 'thresholds']).where('alarm_type', '=', alarmType).execute();
    return rows.map((r) => ({ tenantId: r.tenant_id, alarmType, enabled: r.enabled, thresholds: (r.thresholds ?? {}) as Record<string, number> }));
  }

  async saveControls(tenantId: number, items: readonly AlarmControl[], at: Date): Promise<void> {
    if (items.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      for (const item of items) {
        const values = { enabled: item.enabled, thresholds: JSON.stringify(item.thresholds), level: item.level ?? null, updated_at: at };
        await trx
          .insertInto('alarm_controls')
          .values({ tenant_id: tenantId, alarm_type: item.alarmType, ...values })
          .onConflict((oc) => oc.columns(['tenant_id', 'alarm_type']).doUpdateSet(values))
          .execute();
      }
    });
  }

  /** The tenant's saved push settings, or undefined before it saved any. */
  async push(tenantId: number): Promise<Partial<AlarmPushSettings> | undefined> {
    const row = await this.db.selectFrom('alarm_push').select('settings').where('tenant_id', '=', tenantId).executeTakeFirst();
    return row ? (row.settings as Partial<AlarmPushSettings>) : undefined;
  }

  async savePush(tenantId: number, settings: AlarmPushSettings, at: Date): Promise<void> {
    const values = { settings: JSON.stringify(settings), updated_at: at };
    await this.db
      .insertInto('alarm_push')
      .values({ tenant_id: tenantId, ...values })
      .onConflict((oc) => oc.column('tenant_id').doUpdateSet(values))
      .execute();
  }
}
