import type { Kysely } from 'kysely';
import type { Database } from './db-schema';

export interface LoginPage {
  pageId: string;
  key: string;
  codeAnswer: string | null;
  expiresAt: Date;
}

/** One login attempt for the login history (登录记录). */
export interface LoginAttempt {
  userId: number | null;
  tenantId: number | null;
  account: string;
  ip: string | null;
  result: 'success' | 'failure' | 'locked';
  method: 'password' | 'sms';
  at: Date;
}

export interface SmsCode {
  phone: string;
  code: string;
  sentAt: Date;
  expiresAt: Date;
  attempts: number;
}

/** Login pages (AES keys and image codes), failure counts, SMS codes and the login history. Kept in the database so several instances agree. */
export class LoginQueries {
  constructor(private readonly db: Kysely<Database>) {}

  async createPage(page: LoginPage, now: Date): Promise<void> {
    await this.db.deleteFrom('login_pages').where('expires_at', '<', now).execute();
    await this.db
      .insertInto('login_pages')
      .values({ page_id: page.pageId, key: page.key, code_answer: page.codeAnswer, expires_at: page.expiresAt })
      .execute();
  }

  async findPage(pageId: string, now: Date): Promise<LoginPage | undefined> {
    return this.db
      .selectFrom('login_pages')
      .select(['page_id as pageId', 'key', 'code_answer as codeAnswer', 'expires_at as expiresAt'])
      .where('page_id', '=', pageId)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  async setCodeAnswer(pageId: string, answer: string | null): Promise<void> {
    await this.db.updateTable('login_pages').set({ code_answer: answer }).where('page_id', '=', pageId).execute();
  }

  async deletePage(pageId: string): Promise<void> {
    await this.db.deleteFrom('login_pages').where('page_id', '=', pageId).execute();
  }

  async recordFailure(account: string, ip: string | null, at: Date): Promise<void> {
    await this.db.insertInto('login_failures').values({ account, ip, at }).execute();
  }

  /** Failures of the account since `since`: from every address, or from one (`source`) when given. */
  async countFailuresSince(account: string, since: Date, source?: { ip: string | null }): Promise<number> {
    let q = this.db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('account', '=', account)
      .where('at', '>=', since);
    if (source) q = q.where('ip', source.ip === null ? 'is' : '=', source.ip);
    const row = await q.executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Distinct addresses the account failed from since `since`. */
  async countFailureSourcesSince(account: string, since: Date): Promise<number> {
    const row = await this.db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.count('ip').distinct().as('n'))
      .where('account', '=', account)
      .where('at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Forgets the failures of the account from one address (a success from there). */
  async clearFailures(account: string, ip: string | null): Promise<void> {
    await this.db.deleteFrom('login_failures').where('account', '=', account).where('ip', ip === null ? 'is' : '=', ip).execute();
  }

  async findSmsCode(phone: string): Promise<SmsCode | undefined> {
    return this.db
      .selectFrom('sms_codes')
      .select(['phone', 'code', 'sent_at as sentAt', 'expires_at as expiresAt', 'attempts'])
      .where('phone', '=', phone)
      .executeTakeFirst();
  }

  async saveSmsCode(sms: Omit<SmsCode, 'attempts'>): Promise<void> {
    const row = { phone: sms.phone, code: sms.code, sent_at: sms.sentAt, expires_at: sms.expiresAt, attempts: 0 };
    await this.db
      .insertInto('sms_codes')
      .values(row)
      .onConflict((oc) => oc.column('phone').doUpdateSet({ code: row.code, sent_at: row.sent_at, expires_at: row.expires_at, attempts: 0 }))
      .execute();
  }

  async countSmsAttempt(phone: string): Promise<void> {
    await this.db.updateTable('sms_codes').set((eb) => ({ attempts: eb('attempts', '+', 1) })).where('phone', '=', phone).execute();
  }

  /** Makes a used code unusable but keeps sent_at for the send rate limit. */
  async spendSmsCode(phone: string, now: Date): Promise<void> {
    await this.db.updateTable('sms_codes').set({ expires_at: now }).where('phone', '=', phone).execute();
  }

  /** The latest send to any of these code keys (the SMS rate limits). */
  async lastSmsSentAt(keys: { exact?: string; like?: string }[]): Promise<Date | undefined> {
    if (keys.length === 0) return undefined;
    const row = await this.db
      .selectFrom('sms_codes')
      .select((eb) => eb.fn.max('sent_at').as('at'))
      .where((eb) => eb.or(keys.map((k) => (k.exact !== undefined ? eb('phone', '=', k.exact) : eb('phone', 'like', k.like!)))))
      .executeTakeFirst();
    return row?.at ? new Date(row.at) : undefined;
  }

  async recordAttempt(attempt: LoginAttempt): Promise<void> {
    await this.db
      .insertInto('login_history')
      .values({ user_id: attempt.userId, tenant_id: attempt.tenantId, account: attempt.account, ip: attempt.ip, result: attempt.result, method: attempt.method, at: attempt.at })
      .execute();
  }

  /** A user's login attempts, newest first. */
  async history(userId: number, offset: number, limit: number): Promise<{ total: number; list: { at: Date; ip: string | null; result: string; method: string }[] }> {
    const [count, list] = await Promise.all([
      this.db.selectFrom('login_history').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
      this.db
        .selectFrom('login_history')
        .select(['at', 'ip', 'result', 'method'])
        .where('user_id', '=', userId)
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
    ]);
    return { total: Number(count.n), list };
  }
}
