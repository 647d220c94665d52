import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock';
import type { Store } from '../store/create-store';
import type { UserRecord } from '../store/user-queries';

// Writing last_seen_at on every call would double the queries; a little slack is harmless.
const MAX_TOUCH_INTERVAL_MS = 60_000;

export type SessionCheck = { ok: true; user: UserRecord; sessionId: string } | { ok: false };

/** Sessions: random ids in the `sessionId` header, ended by logout or after the idle timeout. */
export class SessionService {
  private readonly idleMs: number;
  private readonly touchIntervalMs: number;

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
    const session = await this.store.sessions.find(sessionId);
    if (!session) return { ok: false };
    const now = this.clock.now();
    const idleMs = now.getTime() - session.lastSeenAt.getTime();
    if (idleMs > this.idleMs) {
      await this.store.sessions.delete(sessionId);
      return { ok: false };
    }
    const user = await this.store.users.findById(session.userId);
    if (!user || user.disabled || user.passwordChangedAt.getTime() > session.createdAt.getTime()) {
      await this.store.sessions.delete(sessionId);
      return { ok: false };
    }
    // A userId header from another login means the browser holds a stale pair.
    if (userIdHeader && /^\d+$/.test(userIdHeader) && Number(userIdHeader) !== user.id) return { ok: false };
    if (options.touch !== false && idleMs >= this.touchIntervalMs) await this.store.sessions.touch(sessionId, now);
    return { ok: true, user, sessionId };
  }

  async end(sessionId: string | undefined): Promise<boolean> {
    if (!sessionId) return false;
    return this.store.sessions.delete(sessionId);
  }
}
