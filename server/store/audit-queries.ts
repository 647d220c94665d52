import type { Kysely } from 'kysely';
import type { Database } from './db-schema';

/** One entry of the operation log (操作日志). */
export interface OperationLogEntry {
  tenantId: number;
  userId: number | null;
  account: string;
  /** What was done, in Chinese (e.g. 新增用户, 修改角色, 删除车辆). */
  action: string;
  /** What it was done to (e.g. 用户 zhang, 车辆 京A12345). */
  target: string;
  /** The record before and after the change (null for creations / deletions); secrets never included. */
  before?: unknown;
  after?: unknown;
  ip: string | null;
}

export interface OperationLogRow extends Omit<OperationLogEntry, 'before' | 'after'> {
  id: number;
  before: unknown;
  after: unknown;
  at: Date;
}

export interface OperationLogFilter {
  tenantIds: readonly number[];
  keyword?: string;
  account?: string;
  from?: Date;
  to?: Date;
  offset: number;
  limit: number;
}

/** The operation log: every change made through the API, who made it, from where and what it changed. */
export class AuditQueries {
  constructor(private readonly db: Kysely<Database>) {}

  async record(entry: OperationLogEntry): Promise<void> {
    await this.db
      .insertInto('operation_logs')
      .values({
        tenant_id: entry.tenantId,
        user_id: entry.userId,
        account: entry.account,
        action: entry.action,
        target: entry.target,
        before: entry.before === undefined || entry.before === null ? null : JSON.stringify(entry.before),
        after: entry.after === undefined || entry.after === null ? null : JSON.stringify(entry.after),
        ip: entry.ip,
      })
      .execute();
  }

  async page(filter: OperationLogFilter): Promise<{ total: number; list: OperationLogRow[] }> {
    let q = this.db.selectFrom('operation_logs').where('tenant_id', 'in', filter.tenantIds.length > 0 ? [...filter.tenantIds] : [-1]);
    if (filter.account) q = q.where('account', '=', filter.account);
    if (filter.keyword) {
      const like = `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q = q.where((eb) => eb.or([eb('action', 'like', like), eb('target', 'like', like), eb('account', 'like', like)]));
    }
    if (filter.from) q = q.where('at', '>=', filter.from);
    if (filter.to) q = q.where('at', '<=', filter.to);
    const [count, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      q
        .select(['id', 'tenant_id as tenantId', 'user_id as userId', 'account', 'action', 'target', 'before', 'after', 'ip', 'at'])
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .offset(filter.offset)
        .limit(filter.limit)
        .execute(),
    ]);
    return { total: Number(count.n), list: rows.map((r) => ({ ...r, id: Number(r.id) })) };
  }
}
