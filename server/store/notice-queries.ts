import type { Kysely } from 'kysely';
import type { NoticeItem } from '../../sdk/notice';
import type { Database } from './db-schema';

/** A notice as stored, its publish time an instant (the API answers sdk's NoticeItem). */
export type NoticeSummary = Omit<NoticeItem, 'publishTime'> & { publishTime: Date };

/** A notice with its content, as stored. */
export interface StoredNotice extends NoticeSummary {
  content: string;
}

export interface NoticeFilter {
  offset: number;
  limit: number;
  read?: boolean;
  keyword?: string;
}

export interface NewNotice {
  tenantId: number | null;
  /** Only this user (of tenantId) sees it; default everyone tenantId reaches. */
  userId?: number | null;
  title: string;
  summary: string;
  content: string;
  category: string;
  publishTime: Date;
}

type Reader = { userId: number; tenantId: number };

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** In-site notices: global (tenant null), for one tenant, or for one user of it; with per-user read state. */
export class NoticeQueries {
  constructor(private readonly db: Kysely<Database>) {}

  private visible(reader: Reader) {
    return this.db
      .selectFrom('notices')
      .leftJoin('notice_reads', (join) => join.onRef('notice_reads.notice_id', '=', 'notices.id').on('notice_reads.user_id', '=', reader.userId))
      .where((eb) => eb.or([eb('notices.tenant_id', 'is', null), eb('notices.tenant_id', '=', reader.tenantId)]))
      .where((eb) => eb.or([eb('notices.user_id', 'is', null), eb('notices.user_id', '=', reader.userId)]));
  }

  async page(reader: Reader, filter: NoticeFilter): Promise<{ total: number; unread: number; list: NoticeSummary[] }> {
    let query = this.visible(reader);
    if (filter.read !== undefined) query = query.where('notice_reads.user_id', filter.read ? 'is not' : 'is', null);
    if (filter.keyword) {
      const pattern = `%${escapeLike(filter.keyword)}%`;
      query = query.where((eb) => eb.or([eb('notices.title', 'ilike', pattern), eb('notices.summary', 'ilike', pattern)]));
    }
    const totalRow = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const unreadRow = await this.visible(reader)
      .where('notice_reads.user_id', 'is', null)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const list = await query
      .select((eb) => ['notices.id', 'notices.title', 'notices.summary', 'notices.category', 'notices.publish_time as publishTime', eb('notice_reads.user_id', 'is not', null).as('read')])
      .orderBy('notices.publish_time', 'desc')
      .orderBy('notices.id', 'desc')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute();
    return { total: Number(totalRow.n), unread: Number(unreadRow.n), list: list.map((r) => ({ ...r, read: Boolean(r.read) })) };
  }

  async get(reader: Reader, id: number): Promise<StoredNotice | undefined> {
    const row = await this.visible(reader)
      .where('notices.id', '=', id)
      .select((eb) => [
        'notices.id',
        'notices.title',
        'notices.summary',
        'notices.content',
        'notices.category',
        'notices.publish_time as publishTime',
        eb('notice_reads.user_id', 'is not', null).as('read'),
      ])
      .executeTakeFirst();
    return row && { ...row, read: Boolean(row.read) };
  }

  /** Marks the given (or all) visible unread notices read; answers how many changed. */
  async markRead(reader: Reader, ids: readonly number[] | 'all', at: Date): Promise<number> {
    let targets = this.visible(reader).where('notice_reads.user_id', 'is', null).select('notices.id');
    if (ids !== 'all') {
      if (ids.length === 0) return 0;
      targets = targets.where('notices.id', 'in', [...ids]);
    }
    const rows = await targets.execute();
    if (rows.length === 0) return 0;
    const result = await this.db
      .insertInto('notice_reads')
      .values(rows.map((r) => ({ notice_id: r.id, user_id: reader.userId, read_at: at })))
      .onConflict((oc) => oc.columns(['notice_id', 'user_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  }

  async findByTitle(title: string): Promise<number | undefined> {
    const row = await this.db.selectFrom('notices').select('id').where('title', '=', title).executeTakeFirst();
    return row?.id;
  }

  async create(notice: NewNotice): Promise<number> {
    const row = await this.db
      .insertInto('notices')
      .values({
        tenant_id: notice.tenantId,
        user_id: notice.userId ?? null,
        title: notice.title,
        summary: notice.summary,
        content: notice.content,
        category: notice.category,
        publish_time: notice.publishTime,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Whether the user was sent a notice with this title since `since` (one reminder per burst). */
  async sentToUserSince(userId: number, title: string, since: Date): Promise<boolean> {
    const row = await this.db
      .selectFrom('notices')
      .select('id')
      .where('user_id', '=', userId)
      .where('title', '=', title)
      .where('publish_time', '>=', since)
      .executeTakeFirst();
    return row !== undefined;
  }

  async count(): Promise<number> {
    const row = await this.db.selectFrom('notices').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
