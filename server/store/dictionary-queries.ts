import type { Kysely } from 'kysely';
import type { Database } from './db-schema';

export interface DictionaryEntry {
  type: string;
  code: string;
  name: string;
  sort: number;
}

export class DictionaryQueries {
  constructor(private readonly db: Kysely<Database>) {}

  async list(type?: string): Promise<DictionaryEntry[]> {
    let query = this.db.selectFrom('dictionary').select(['type', 'code', 'name', 'sort']);
    if (type) query = query.where('type', '=', type);
    return query.orderBy('type').orderBy('sort').orderBy('code').execute();
  }

  async insertIfMissing(entries: readonly DictionaryEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await this.db
      .insertInto('dictionary')
      .values(entries.map((e) => ({ ...e })))
      .onConflict((oc) => oc.columns(['type', 'code']).doNothing())
      .execute();
  }
}
