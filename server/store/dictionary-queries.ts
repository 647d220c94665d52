import type { Kysely } from 'kysely';
import type { DictionaryItem } from '../../sdk/system-admin';
import type { Database } from './db-schema';

export class DictionaryQueries {
  constructor(private readonly db: Kysely<Database>) {}

  async list(type?: string): Promise<DictionaryItem[]> {
    let query = this.db.selectFrom('dictionary').select(['type', 'code', 'name', 'sort']);
    if (type) query = query.where('type', '=', type);
    return query.orderBy('type').orderBy('sort').orderBy('code').execute();
  }

  async insertIfMissing(entries: readonly DictionaryItem[]): Promise<void> {
    if (entries.length === 0) return;
    await this.db
      .insertInto('dictionary')
      .values(entries.map((e) => ({ ...e })))
      .onConflict((oc) => oc.columns(['type', 'code']).doNothing())
      .execute();
  }
}
