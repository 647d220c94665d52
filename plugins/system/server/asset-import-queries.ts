import type { Database, Kysely } from '../../../server/module';
import type { SystemDatabase, SystemTables } from './system-tables';

/** What a pending import holds: an asset kind (vehicle, person, pet, ebike) or terminals. */
export type AssetImportKind = 'vehicle' | 'person' | 'pet' | 'ebike' | 'terminal';

/** One checked row of an upload: its row number in the sheet and its normalised values. */
export interface PendingRow<V> {
  row: number;
  values: V;
}

/** An upload waiting for its confirmation. */
export interface PendingImport<V> {
  token: string;
  userId: number;
  tenantId: number;
  kind: AssetImportKind;
  fileName: string;
  rows: PendingRow<V>[];
}

/** Checked uploads kept between preview and confirmation (one use, limited time). */
export class AssetImportQueries {
  private readonly db: Kysely<SystemDatabase>;

  /** On the server's database, or on a transaction of it to change uploads and assets as one. */
  constructor(db: Kysely<Database>) {
    this.db = db.withTables<SystemTables>();
  }

  async save<V>(pending: PendingImport<V>, expiresAt: Date): Promise<void> {
    await this.db
      .insertInto('asset_imports')
      .values({
        token: pending.token, user_id: pending.userId, tenant_id: pending.tenantId, kind: pending.kind, file_name: pending.fileName,
        rows: JSON.stringify(pending.rows), expires_at: expiresAt,
      })
      .execute();
  }

  /** The caller's pending upload of that kind, unless expired. */
  async find<V>(token: string, userId: number, kind: AssetImportKind, now: Date): Promise<PendingImport<V> | undefined> {
    const row = await this.db
      .selectFrom('asset_imports')
      .selectAll()
      .where('token', '=', token)
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (!row) return undefined;
    const rows = (typeof row.rows === 'string' ? JSON.parse(row.rows) : row.rows) as PendingRow<V>[];
    return { token: row.token, userId: row.user_id, tenantId: row.tenant_id, kind: kind, fileName: row.file_name, rows };
  }

  async delete(token: string): Promise<void> {
    await this.db.deleteFrom('asset_imports').where('token', '=', token).execute();
  }

  /** Drops expired uploads. */
  async purge(now: Date): Promise<void> {
    await this.db.deleteFrom('asset_imports').where('expires_at', '<=', now).execute();
  }
}
