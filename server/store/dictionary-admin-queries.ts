import type { Kysely } from 'kysely';
import type { DictionaryEntry } from '../../sdk/system-admin';
import type { Database } from './db-schema';

export interface DictionaryFilter {
  type?: string;
  keyword?: string;
  offset: number;
  limit: number;
}

const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** 数据字典 entries as administrators edit them (the dictionary is shared by every tenant). */
export class DictionaryAdminQueries {
  constructor(private readonly db: Kysely<Database>) {}

  async page(filter: DictionaryFilter): Promise<{ total: number; list: DictionaryEntry[] }> {
    let q = this.db.selectFrom('dictionary');
    if (filter.type) q = q.where('type', '=', filter.type);
    if (filter.keyword) {
      const like = likePattern(filter.keyword);
      q = q.where((eb) => eb.or([eb('code', 'like', like), eb('name', 'like', like), eb('type', 'like', like)]));
    }
    const [total, list] = await Promise.all([
      q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      q.select(['id', 'type', 'code', 'name', 'sort']).orderBy('type').orderBy('sort').orderBy('code').offset(filter.offset).limit(filter.limit).execute(),
    ]);
    return { total: Number(total.n), list };
  }

  async find(id: number): Promise<DictionaryEntry | undefined> {
    return this.db.selectFrom('dictionary').select(['id', 'type', 'code', 'name', 'sort']).where('id', '=', id).executeTakeFirst();
  }

  /** Whether another entry already uses the type and code. */
  async codeTaken(type: string, code: string, exceptId?: number): Promise<boolean> {
    let q = this.db.selectFrom('dictionary').select('id').where('type', '=', type).where('code', '=', code);
    if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  async create(entry: Omit<DictionaryEntry, 'id'>): Promise<number> {
    const row = await this.db.insertInto('dictionary').values(entry).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, entry: Omit<DictionaryEntry, 'id'>): Promise<void> {
    await this.db.updateTable('dictionary').set(entry).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('dictionary').where('id', '=', id).execute();
  }
}
