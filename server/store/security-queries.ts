import type { Kysely } from 'kysely';
import type { Database } from './db-schema';

/** What a user chose to keep from other users of the tenant (user lists show it masked). */
export interface PrivacySettings {
  /** Others see the phone number masked (138****8000). */
  hidePhone: boolean;
  /** Others see the e-mail address masked (z***@example.com). */
  hideEmail: boolean;
}

export const DEFAULT_PRIVACY: PrivacySettings = { hidePhone: false, hideEmail: false };

/** The security centre's view of a user. */
export interface SecurityProfile {
  phone: string | null;
  phoneVerified: boolean;
  privacy: PrivacySettings;
  wxBound: boolean;
}

/** The stored privacy column (jsonb, possibly partial) as settings. */
export function privacyOf(value: unknown): PrivacySettings {
  const stored = (typeof value === 'string' ? (JSON.parse(value) as unknown) : value) as Partial<PrivacySettings> | null;
  return {
    hidePhone: stored?.hidePhone === true,
    hideEmail: stored?.hideEmail === true,
  };
}

/** 安全中心: a user's own password, phone binding, privacy, WeChat binding and sessions. */
export class SecurityQueries {
  constructor(private readonly db: Kysely<Database>) {}

  async profile(userId: number): Promise<SecurityProfile | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select(['phone', 'phone_verified as phoneVerified', 'privacy', 'wx_open_id as wxOpenId'])
      .where('id', '=', userId)
      .executeTakeFirst();
    return row && { phone: row.phone, phoneVerified: row.phoneVerified, privacy: privacyOf(row.privacy), wxBound: row.wxOpenId !== null };
  }

  /** New password hash; sessions started before `at` stop working. */
  async setPassword(userId: number, passwordHash: string, at: Date): Promise<void> {
    await this.db.updateTable('users').set({ password_hash: passwordHash, password_changed_at: at }).where('id', '=', userId).execute();
  }

  /** The user (other than `exceptUserId`) who holds this phone number, if any. */
  async phoneHolder(phone: string, exceptUserId: number): Promise<number | undefined> {
    const row = await this.db.selectFrom('users').select('id').where('phone', '=', phone).where('id', '<>', exceptUserId).executeTakeFirst();
    return row?.id;
  }

  async bindPhone(userId: number, phone: string): Promise<void> {
    await this.db.updateTable('users').set({ phone, phone_verified: true }).where('id', '=', userId).execute();
  }

  async setPrivacy(userId: number, privacy: PrivacySettings): Promise<void> {
    await this.db.updateTable('users').set({ privacy: JSON.stringify(privacy) }).where('id', '=', userId).execute();
  }

  /** Clears the WeChat binding; false when there was none. */
  async unbindWx(userId: number): Promise<boolean> {
    const result = await this.db.updateTable('users').set({ wx_open_id: null }).where('id', '=', userId).where('wx_open_id', 'is not', null).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Ends every session of the user; answers how many ended. */
  async endSessions(userId: number): Promise<number> {
    const result = await this.db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
