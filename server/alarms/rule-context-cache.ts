import { resolveHealthLimits, type HealthLimitOverride, type HealthLimits } from '../../sdk/health-limits';
import type { Store } from '../store/create-store';
import type { FenceRecord } from '../store/fence-queries';
import { mergeControls, type AlarmControls } from './alarm-catalogue';
import type { RuleContext, RuleFence } from './alarm-rules';

/** A terminal's rule context with the tenant and group it belongs to. */
export interface TerminalContext extends RuleContext {
  tenantId: number;
  groupId: number | null;
}

/** A tenant's 健康设置 as the rules resolve them: its own limits, and those of its departments and people. */
export interface TenantHealth {
  tenant: HealthLimits;
  departments: ReadonlyMap<string, HealthLimitOverride>;
  people: ReadonlyMap<number, HealthLimitOverride>;
}

/** What a terminal's entry keeps to find its 健康设置. */
interface TerminalEntry extends Omit<TerminalContext, 'controls' | 'health'> {
  vehicleId: number | null;
  department: string;
}

interface Cached<T> {
  value: T;
  expires: number;
  generation: number;
}

export function toRuleFence(f: FenceRecord): RuleFence | undefined {
  const base = { id: f.id, name: f.name, trigger: f.trigger, ...(f.kind === 'safeZone' && { safeZone: true }) };
  if (f.shape === 'circle' && f.center && f.radius) return { ...base, area: { shape: 'circle', center: f.center, radius: f.radius } };
  if (f.shape === 'polygon' && f.points && f.points.length >= 3) return { ...base, area: { shape: 'polygon', points: f.points } };
  return undefined;
}

/**
 * What the rules need per terminal (tenant controls, speed limit, bound fences, 防盗设置), read from the
 * store and kept for a short while: changes made on this instance apply at once (invalidate),
 * changes made on another instance within `ttlMs`. Asset edits (speed limit, group, binding)
 * reach every instance through the bus and `forget` those terminals at once.
 */
export class RuleContextCache {
  private readonly controls = new Map<number, Cached<AlarmControls>>();
  private readonly health = new Map<number, Cached<TenantHealth>>();
  private readonly terminals = new Map<number, Cached<TerminalEntry>>();
  private generation = 0;
  /** Bumped by `forget`: a read that started before it is not kept. */
  private readonly terminalVersions = new Map<number, number>();

  constructor(private readonly store: Store, private readonly now: () => number, private readonly ttlMs = 30_000) {}

  /** Forgets everything read so far (alarm controls, vehicles or fences changed). */
  invalidate(): void {
    this.generation++;
    this.controls.clear();
    this.health.clear();
    this.terminals.clear();
  }

  /** Forgets what was read for these terminals (their vehicle was edited, bound, moved or deleted). */
  forget(terminalIds: readonly number[]): void {
    for (const id of terminalIds) {
      this.terminals.delete(id);
      this.terminalVersions.set(id, (this.terminalVersions.get(id) ?? 0) + 1);
    }
  }

  /** The tenant's 健康设置 with its department and person overrides, kept like its alarm controls. */
  async tenantHealth(tenantId: number): Promise<TenantHealth> {
    const hit = this.fresh(this.health.get(tenantId));
    if (hit) return hit;
    const generation = this.generation;
    const [tenant, overrides] = await Promise.all([this.store.health.get(tenantId), this.store.health.overrides(tenantId)]);
    const value: TenantHealth = {
      tenant: resolveHealthLimits(tenant),
      departments: new Map(overrides.filter((o) => o.department !== null).map((o) => [o.department!, o.limits])),
      people: new Map(overrides.filter((o) => o.vehicleId !== null).map((o) => [o.vehicleId!, o.limits])),
    };
    this.health.set(tenantId, { value, expires: this.now() + this.ttlMs, generation });
    return value;
  }

  async tenantControls(tenantId: number): Promise<AlarmControls> {
    const hit = this.fresh(this.controls.get(tenantId));
    if (hit) return hit;
    const generation = this.generation;
    const value = mergeControls(await this.store.alarms.settings.controls(tenantId));
    this.controls.set(tenantId, { value, expires: this.now() + this.ttlMs, generation });
    return value;
  }

  /** The terminal's context, or undefined when the terminal no longer exists. */
  async forTerminal(terminalId: number): Promise<TerminalContext | undefined> {
    let entry = this.fresh(this.terminals.get(terminalId));
    if (!entry) {
      const generation = this.generation;
      const version = this.terminalVersions.get(terminalId);
      const asset = await this.store.alarms.assetOf(terminalId);
      if (!asset) return undefined;
      const fences = asset.vehicleId === null ? [] : await this.store.fences.forVehicle(asset.vehicleId, asset.groupId);
      entry = {
        tenantId: asset.tenantId,
        groupId: asset.groupId,
        vehicleId: asset.vehicleId,
        department: asset.department,
        vehicleSpeedLimit: asset.speedLimit,
        assetKind: asset.assetKind,
        ...(asset.guard && { guard: asset.guard }),
        fences: fences.map(toRuleFence).filter((f): f is RuleFence => f !== undefined),
      };
      if (this.terminalVersions.get(terminalId) === version) this.terminals.set(terminalId, { value: entry, expires: this.now() + this.ttlMs, generation });
    }
    const [controls, health] = await Promise.all([this.tenantControls(entry.tenantId), this.tenantHealth(entry.tenantId)]);
    const { vehicleId, department, ...context } = entry;
    // the person's own limits win over their department's, which win over the tenant's, field by field
    const limits = resolveHealthLimits(health.tenant, department ? health.departments.get(department) : undefined, vehicleId === null ? undefined : health.people.get(vehicleId));
    return { ...context, controls, health: limits };
  }

  private fresh<T>(cached: Cached<T> | undefined): T | undefined {
    if (!cached || cached.expires < this.now() || cached.generation !== this.generation) return undefined;
    return cached.value;
  }
}
