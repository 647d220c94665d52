import type { Kysely } from 'kysely';
import type { Database } from './db-schema';

/** What a tenant saved of one sub-application's settings (checked against its declaration by the caller). */
export interface StoredPluginSettings {
  values: Record<string, unknown>;
  updatedAt: Date;
  updatedBy: number | null;
}

/** 插件设置: each tenant's values of the settings a sub-application declares. */
export class PluginSettingsQueries {
  constructor(private readonly db: Kysely<Database>) {}

  /** The tenant's saved values of that sub-application, or undefined when it never saved any. */
  async get(tenantId: number, systemId: string): Promise<StoredPluginSettings | undefined> {
    const row = await this.db
      .selectFrom('plugin_settings')
      .select(['values', 'updated_at', 'updated_by'])
      .where('tenant_id', '=', tenantId)
      .where('system_id', '=', systemId)
      .executeTakeFirst();
    if (!row) return undefined;
    const values = typeof row.values === 'string' ? (JSON.parse(row.values) as unknown) : row.values;
    return { values: values && typeof values === 'object' ? (values as Record<string, unknown>) : {}, updatedAt: row.updated_at, updatedBy: row.updated_by };
  }

  /** Which of those sub-applications the tenant saved values of. */
  async savedOf(tenantId: number): Promise<Set<string>> {
    const rows = await this.db.selectFrom('plugin_settings').select('system_id').where('tenant_id', '=', tenantId).execute();
    return new Set(rows.map((r) => r.system_id));
  }

  async save(tenantId: number, systemId: string, values: Record<string, unknown>, by: number, at: Date): Promise<void> {
    const update = { values: JSON.stringify(values), updated_at: at, updated_by: by };
    await this.db
      .insertInto('plugin_settings')
      .values({ tenant_id: tenantId, system_id: systemId, ...update })
      .onConflict((oc) => oc.columns(['tenant_id', 'system_id']).doUpdateSet(update))
      .execute();
  }
}
