import type { Kysely } from 'kysely';
import type { MapKeyField, TenantMapProvider } from '../../sdk/map-settings';
import type { Database } from './db-schema';

/** A tenant's saved 地图设置 (keys absent when not set). */
export interface StoredMapSettings extends Partial<Record<MapKeyField, string>> {
  provider: TenantMapProvider;
}

const KEY_COLUMNS: Record<MapKeyField, 'amap_key' | 'tencent_key' | 'baidu_key' | 'tianditu_key'> = {
  amapKey: 'amap_key',
  tencentKey: 'tencent_key',
  baiduKey: 'baidu_key',
  tiandituKey: 'tianditu_key',
};

export class MapSettingsQueries {
  constructor(private readonly db: Kysely<Database>) {}

  /** The tenant's settings, or undefined when it never saved any. */
  async get(tenantId: number): Promise<StoredMapSettings | undefined> {
    const row = await this.db.selectFrom('tenant_map_settings').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
    if (!row) return undefined;
    const settings: StoredMapSettings = { provider: row.provider as TenantMapProvider };
    for (const [field, column] of Object.entries(KEY_COLUMNS) as [MapKeyField, (typeof KEY_COLUMNS)[MapKeyField]][]) {
      const value = row[column];
      if (value) settings[field] = value;
    }
    return settings;
  }

  async save(tenantId: number, value: StoredMapSettings, by: number, at: Date): Promise<void> {
    const update = {
      provider: value.provider,
      amap_key: value.amapKey ?? null,
      tencent_key: value.tencentKey ?? null,
      baidu_key: value.baiduKey ?? null,
      tianditu_key: value.tiandituKey ?? null,
      updated_at: at,
      updated_by: by,
    };
    await this.db
      .insertInto('tenant_map_settings')
      .values({ tenant_id: tenantId, ...update })
      .onConflict((oc) => oc.column('tenant_id').doUpdateSet(update))
      .execute();
  }
}
