import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock';
import type { Store } from '../store/create-store';
import type { UserRecord } from '../store/user-queries';

// Writing last_seen_at on every call would double the queries; a little slack is harmless.
const MAX_TOUCH_INTERVAL_MS = 60_000;

/** `idleUntil`: when the session ends unless it is used before. */
export type SessionCheck = { ok: true; user: UserRecord; sessionId: string; idleUntil: Date } | { ok: false };

/** Users (or every user of some roles) whose sessions ended or whose grants changed. */
export interface AccessChange {
  tenantId: number;
  userIds?: number[];
  roleIds?: number[];
  /** The session whose own request ended the sessions (a password change): its page says so itself. */
  endedBySession?: string;
}

/** Sessions: random ids in the `sessionId` header, ended by logout or after the idle timeout. */
export class SessionService {
  private readonly idleMs: number;
  private readonly touchIntervalMs: number;
  private announce: (change: AccessChange) => void = () => {};

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    idleMinutes: number,
  ) {
    this.idleMs = idleMinutes * 60_000;
    this.touchIntervalMs = Math.min(MAX_TOUCH_INTERVAL_MS, this.idleMs / 10);
  }

  async start(userId: number, ip: string | null): Promise<string> {
    const id = randomBytes(32).toString('hex');
    const now = this.clock.now();
    await this.store.sessions.create({ id, userId, createdAt: now, lastSeenAt: now, ip });
    return id;
  }

  /**
   * Valid when the session exists, was used recently, its user is enabled and has not changed
   * password since. `touch: false` checks without counting as use (the live channel's re-checks).
   */
  async check(sessionId: string | undefined, userIdHeader?: string, options: { touch?: boolean } = {}): Promise<SessionCheck> {
    if (!sessionId || !/^[0-9a-f]{64}$/.test(sessionId)) return { ok: false };
    const found = await this.store.sessions.findWithUser(sessionId);
    if (!found) return { ok: false };
    const { session, user } = found;
    const now = this.clock.now();
    const idleMs = now.getTime() - session.lastSeenAt.getTime();
    if (idleMs > this.idleMs) {
      await this.store.sessions.delete(sessionId);
      return { ok: false };
    }
    if (!user || user.disabled || user.passwordChangedAt.getTime() > session.createdAt.getTime()) {
      await this.store.sessions.delete(sessionId);
      return { ok: false };
    }
    // A userId header from another login means the browser holds a stale pair.
    if (userIdHeader && /^\d+$/.test(userIdHeader) && Number(userIdHeader) !== user.id) return { ok: false };
    let lastSeen = session.lastSeenAt;
    if (options.touch !== false && idleMs >= this.touchIntervalMs) {
      await this.store.sessions.touch(sessionId, now);
      lastSeen = now;
    }
    return { ok: true, user, sessionId, idleUntil: new Date(lastSeen.getTime() + this.idleMs) };
  }

  /** Where access changes are announced (the bus, once it runs), so open live channels end or narrow at once. */
  announceTo(announce: (change: AccessChange) => void): void {
    this.announce = announce;
  }

  /** Sessions of these users ended or their grants changed (called after the change is stored). */
  changed(change: AccessChange): void {
    this.announce(change);
  }

  async end(sessionId: string | undefined): Promise<boolean> {
    if (!sessionId || !/^[0-9a-f]{64}$/.test(sessionId)) return false;
    const session = await this.store.sessions.find(sessionId);
    const ended = await this.store.sessions.delete(sessionId);
    const user = ended && session ? await this.store.users.findById(session.userId) : undefined;
    if (user) this.changed({ tenantId: user.tenantId, userIds: [user.id] });
    return ended;
  }
}
