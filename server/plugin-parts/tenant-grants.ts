import type { OrgQueries } from '../store/org-queries';

/** How long a tenant's platforms are used before they are read again (a stale answer is used meanwhile). */
const FRESH_MS = 30_000;

interface Entry {
  platforms: ReadonlySet<number>;
  readAt: number;
}

/**
 * Which platforms each tenant has (any of its roles granted), cached so the position path asks
 * synchronously: only the first position of a tenant waits for the read; later reads refresh in
 * the background.
 */
export class TenantGrants {
  private readonly entries = new Map<number, Entry>();
  private readonly pending = new Map<number, Promise<void>>();

  constructor(private readonly org: Pick<OrgQueries, 'tenantPlatforms'>, private readonly now: () => number = Date.now) {}

  /** Whether the tenant has the platform; undefined when not read yet (`prepare` reads it). */
  has(tenantId: number, platformId: number): boolean | undefined {
    const entry = this.entries.get(tenantId);
    if (!entry) return undefined;
    if (this.now() - entry.readAt > FRESH_MS) void this.read(tenantId);
    return entry.platforms.has(platformId);
  }

  /** Resolves when every one of these tenants has been read at least once (undefined: nothing to wait for). */
  prepare(tenantIds: Iterable<number>): Promise<void> | undefined {
    const waits: Promise<void>[] = [];
    for (const id of tenantIds) if (!this.entries.has(id)) waits.push(this.read(id));
    return waits.length ? Promise.all(waits).then(() => undefined) : undefined;
  }

  /** Roles changed: read every tenant again on its next position. */
  forget(): void {
    for (const entry of this.entries.values()) entry.readAt = 0;
  }

  private read(tenantId: number): Promise<void> {
    const pending = this.pending.get(tenantId);
    if (pending) return pending;
    const reading = this.org.tenantPlatforms(tenantId).then(
      (platforms) => { this.entries.set(tenantId, { platforms, readAt: this.now() }); },
      () => { if (!this.entries.has(tenantId)) this.entries.set(tenantId, { platforms: new Set(), readAt: 0 }); },
    ).finally(() => this.pending.delete(tenantId));
    this.pending.set(tenantId, reading);
    return reading;
  }
}
