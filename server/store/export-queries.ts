import type { Kysely } from 'kysely';
import type { Database } from './db-schema';

export interface ExportRecord {
  id: number;
  userId: number;
  fileName: string;
  status: number;
  size: number;
  storageKey: string | null;
  createdAt: Date;
}

export interface NewExportRecord {
  userId: number;
  tenantId: number;
  fileName: string;
  status: number;
  size: number;
  storageKey: string | null;
  createdAt: Date;
}

/** Export records of the download centre and the one-time tokens that fetch their files. */
export class ExportQueries {
  constructor(private readonly db: Kysely<Database>) {}

  private select() {
    return this.db
      .selectFrom('export_records')
      .select(['id', 'user_id as userId', 'file_name as fileName', 'status', 'size', 'storage_key as storageKey', 'created_at as createdAt']);
  }

  async page(userId: number, offset: number, limit: number): Promise<{ total: number; list: ExportRecord[] }> {
    const totalRow = await this.db
      .selectFrom('export_records')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const list = await this.select().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute();
    return { total: Number(totalRow.n), list };
  }

  async find(userId: number, id: number): Promise<ExportRecord | undefined> {
    return this.select().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  }

  async create(record: NewExportRecord): Promise<number> {
    const row = await this.db
      .insertInto('export_records')
      .values({
        user_id: record.userId,
        tenant_id: record.tenantId,
        file_name: record.fileName,
        status: record.status,
        size: record.size,
        storage_key: record.storageKey,
        created_at: record.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Ends a running export: 1 ready (with its file) or 2 failed. */
  async finish(id: number, result: { status: 1 | 2; size: number; storageKey: string | null }): Promise<void> {
    await this.db
      .updateTable('export_records')
      .set({ status: result.status, size: result.size, storage_key: result.storageKey })
      .where('id', '=', id)
      .where('status', '=', 0)
      .execute();
  }

  async createDownloadToken(token: string, userId: number, expiresAt: Date): Promise<void> {
    await this.db.insertInto('download_tokens').values({ token, user_id: userId, expires_at: expiresAt }).execute();
  }

  /** Deletes the token and answers its user if it was still valid: a token works once. */
  async consumeDownloadToken(token: string, now: Date): Promise<number | undefined> {
    const row = await this.db.deleteFrom('download_tokens').where('token', '=', token).returning(['user_id', 'expires_at']).executeTakeFirst();
    await this.db.deleteFrom('download_tokens').where('expires_at', '<', now).execute();
    if (!row || row.expires_at.getTime() <= now.getTime()) return undefined;
    return row.user_id;
  }
}
