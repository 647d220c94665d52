import { inject, injectable, type Container } from 'inversify';
import { createElement, type ComponentType } from 'react';
import { computed, makeAutoObservable, observable } from 'mobx';
import { KernelApi } from '../../sdk/contracts/kernel';
import { Flag } from '../../sdk/envelope';
import type { Contributed, ExtensionPoint } from '../../sdk/extension-points';
import { PluginScope } from '../../sdk/react/plugin-scope';
import type { Extensions } from '../../sdk/services/extensions';
import { validatePlugin, type ManifestRecord, type MenuContribution, type PluginDefinition, type PluginRoute } from '../../sdk/plugin';
import { HttpService } from '../../sdk/services/http-service';
import { MessageBus } from '../../sdk/services/message-bus';
import type { PluginRegistry, PluginStatus, SystemEntry } from '../../sdk/services/plugin-registry';
import { SessionService } from '../../sdk/services/session-service';
import { BootData, BootDataToken } from '../boot/boot-data';
import { DEFAULT_MANIFEST_URL, KernelContainer, KernelOptions, type PluginLoader } from '../kernel-tokens';
import { fetchManifest, isManifestRecord } from './manifest-source';
import { activatePlugin, deactivatePlugin, type Activation } from './plugin-activation';
import type { PluginScopeOf, PluginScopes } from './plugin-scopes';

const NONE: readonly never[] = [];

/** platformId of the centre record: every role gets it. */
export const CENTER_PLATFORM_ID = 0;

function toSystemEntry(r: ManifestRecord): SystemEntry {
  const entry: SystemEntry = { platformId: r.platformId, systemId: r.systemId, title: r.title, path: r.path, icon: r.icon };
  if (r.platformId === CENTER_PLATFORM_ID) entry.center = true;
  return entry;
}

/** Normalised base path with a trailing slash (`/car` → `/car/`). */
function basePath(path: string): string {
  return path.endsWith('/') ? path : `${path}/`;
}

/**
 * Manifest, role grants and loaded plugins as MobX state: a plugin that loads late simply
 * appears in `routes` and `menus`. A broken plugin is marked failed and the host keeps running.
 */
@injectable()
export class PluginRegistryImpl implements PluginRegistry, PluginScopes, Extensions {
  manifest: ManifestRecord[] = [];
  grantedPlatforms: number[] = [];
  routes: PluginRoute[] = [];
  readonly menus = observable.map<string, MenuContribution[]>([], { deep: false });
  readonly plugins = observable.map<string, PluginDefinition>([], { deep: false });
  private readonly statuses = observable.map<string, PluginStatus>();
  private readonly errors = observable.map<string, string>();
  private readonly pending = new Map<string, Promise<boolean>>();
  private readonly activations = new Map<string, Activation>();
  private readonly routeOwner = new WeakMap<PluginRoute, string>();
  private manifestPromise: Promise<void> | undefined = undefined;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private readonly lent = new Map<string, Promise<ComponentType<any>>>();

  constructor(
    @inject(HttpService) private readonly http: HttpService,
    @inject(SessionService) private readonly session: SessionService,
    @inject(MessageBus) private readonly bus: MessageBus,
    @inject(KernelContainer) private readonly container: Container,
    @inject(KernelOptions) private readonly options: KernelOptions,
    @inject(BootDataToken) private readonly boot: BootData,
  ) {
    makeAutoObservable<this, 'http' | 'session' | 'bus' | 'container' | 'options' | 'boot' | 'pending' | 'activations' | 'routeOwner' | 'manifestPromise' | 'lent'>(this, {
      boot: false,
      http: false,
      session: false,
      bus: false,
      container: false,
      options: false,
      pending: false,
      activations: false,
      routeOwner: false,
      manifestPromise: false,
      lent: false,
      component: false,
      contributions: computed({ keepAlive: true }),
      manifest: observable.ref,
      grantedPlatforms: observable.ref,
      routes: observable.shallow,
    });
  }

  get systems(): SystemEntry[] {
    const granted = new Set(this.grantedPlatforms);
    const visible = this.manifest.filter((r) => r.enabled !== false && (r.platformId === CENTER_PLATFORM_ID || granted.has(r.platformId)));
    const center = visible.filter((r) => r.platformId === CENTER_PLATFORM_ID);
    const others = visible.filter((r) => r.platformId !== CENTER_PLATFORM_ID);
    return [...center, ...others].map(toSystemEntry);
  }

  /** The systems of the switcher (without the centre). */
  get subApplications(): SystemEntry[] {
    return this.systems.filter((s) => !s.center);
  }

  /** The centre entry (home and system-centre routes). */
  get center(): SystemEntry | undefined {
    return this.systems.find((s) => s.center);
  }

  /** Every point's contributions of the systems the user may enter (recomputed when the manifest or grants change). */
  get contributions(): ReadonlyMap<ExtensionPoint, readonly Contributed<ExtensionPoint>[]> {
    const entered = new Set(this.systems.map((s) => s.systemId));
    const byPoint = new Map<ExtensionPoint, Contributed<ExtensionPoint>[]>();
    for (const record of this.manifest) {
      if (!entered.has(record.systemId) || !record.contributes) continue;
      for (const [point, items] of Object.entries(record.contributes) as [ExtensionPoint, readonly object[]][]) {
        const list = byPoint.get(point) ?? [];
        for (const item of items) list.push({ ...item, systemId: record.systemId, platformId: record.platformId } as Contributed<ExtensionPoint>);
        byPoint.set(point, list);
      }
    }
    return byPoint;
  }

  list<P extends ExtensionPoint>(point: P): readonly Contributed<P>[] {
    return (this.contributions.get(point) ?? NONE) as unknown as readonly Contributed<P>[];
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  component(systemId: string, name: string): Promise<ComponentType<any>> {
    const key = `${systemId}\u0000${name}`;
    let lent = this.lent.get(key);
    if (!lent) {
      lent = this.loadComponent(systemId, name);
      lent.catch(() => this.lent.delete(key));
      this.lent.set(key, lent);
    }
    return lent;
  }

  status(systemId: string): PluginStatus {
    return this.statuses.get(systemId) ?? 'idle';
  }

  error(systemId: string): string | undefined {
    return this.errors.get(systemId);
  }

  async loadSystems(): Promise<void> {
    await Promise.all([this.loadManifest(), this.loadRolePlatforms()]);
  }

  /** Reads the manifest once (inline from the kernel options, else fetched). */
  loadManifest(): Promise<void> {
    this.manifestPromise ??= (async () => {
      try {
        const inline = this.options.manifest ?? (this.options.manifestUrl ? undefined : this.boot.manifest());
        const records = inline ? inline.filter(isManifestRecord) : await fetchManifest(this.options.manifestUrl ?? DEFAULT_MANIFEST_URL);
        this.setManifest(records);
      } catch (e) {
        this.manifestPromise = undefined;
        console.error('plugins: cannot read the manifest', e);
        throw e;
      }
    })();
    return this.manifestPromise;
  }

  load(systemId: string): Promise<boolean> {
    const status = this.status(systemId);
    if (status === 'active') return Promise.resolve(true);
    if (status === 'failed') return Promise.resolve(false);
    let promise = this.pending.get(systemId);
    if (!promise) {
      promise = this.importAndActivate(systemId).finally(() => this.pending.delete(systemId));
      this.pending.set(systemId, promise);
    }
    return promise;
  }

  register(def: PluginDefinition): void {
    this.activate(def);
  }

  /** Undoes a plugin's registrations (disposables, bindings, routes, menus); it may be loaded again. */
  unload(systemId: string): void {
    const activation = this.activations.get(systemId);
    if (activation) deactivatePlugin(activation);
    this.activations.delete(systemId);
    for (const key of [...this.lent.keys()]) if (key.startsWith(`${systemId}\u0000`)) this.lent.delete(key);
    this.plugins.delete(systemId);
    this.menus.delete(systemId);
    this.routes = this.routes.filter((r) => this.routeOwner.get(r) !== systemId);
    this.statuses.delete(systemId);
    this.errors.delete(systemId);
  }

  scopeOf(route: PluginRoute): PluginScopeOf | undefined {
    const owner = this.routeOwner.get(route);
    const activation = owner === undefined ? undefined : this.activations.get(owner);
    return activation && { plugin: activation.plugin, container: activation.container };
  }

  systemForPath(path: string): SystemEntry | undefined {
    let best: SystemEntry | undefined;
    for (const s of this.systems) {
      const base = basePath(s.path);
      const matches = base === '/' || path === base.slice(0, -1) || path.startsWith(base);
      if (matches && (!best || base.length > basePath(best.path).length)) best = s;
    }
    return best;
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private async loadComponent(systemId: string, name: string): Promise<ComponentType<any>> {
    if (!this.systems.some((s) => s.systemId === systemId)) throw new Error(`当前角色无权使用子应用 ${systemId}`);
    if (!(await this.load(systemId))) throw new Error(this.error(systemId) ?? `插件 ${systemId} 加载失败`);
    const activation = this.activations.get(systemId);
    const loader = this.plugins.get(systemId)?.components?.[name];
    if (!activation || !loader) throw new Error(`插件 ${systemId} 没有名为 ${name} 的组件`);
    const Lent = (await loader()).default;
    if (typeof Lent !== 'function' && typeof Lent !== 'object') throw new Error(`插件 ${systemId} 的组件 ${name} 没有默认导出`);
    const { plugin, container } = activation;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const Scoped = (props: any) => createElement(PluginScope, { plugin, container }, createElement(Lent, props));
    Scoped.displayName = `${systemId}.${name}`;
    return Scoped;
  }

  private async importAndActivate(systemId: string): Promise<boolean> {
    this.setStatus(systemId, 'loading');
    try {
      const loader = await this.loaderFor(systemId);
      const mod = await loader();
      return this.activate(mod?.default, systemId);
    } catch (e) {
      this.fail(systemId, e);
      return false;
    }
  }

  private async loaderFor(systemId: string): Promise<PluginLoader> {
    const given = this.options.pluginLoaders?.[systemId];
    if (given) return given;
    await this.loadManifest();
    const record = this.manifest.find((r) => r.systemId === systemId);
    if (!record) throw new Error(`no manifest entry for ${systemId}`);
    if (record.enabled === false) throw new Error(`${systemId} is disabled in the manifest`);
    // its pages would call a server part that is not running
    if (record.serverError) throw new Error(record.serverError);
    const entry = record.productionEntry;
    return () => import(/* @vite-ignore */ entry) as Promise<{ default: PluginDefinition }>;
  }

  /** Validates, runs bindings/handlers/activate, then publishes routes and menus. */
  private activate(def: unknown, expectedId?: string): boolean {
    const errors = validatePlugin(def);
    const id = expectedId ?? (typeof (def as PluginDefinition)?.systemId === 'string' ? (def as PluginDefinition).systemId : 'unknown');
    if (!errors.length && expectedId && (def as PluginDefinition).systemId !== expectedId) {
      errors.push(`systemId ${(def as PluginDefinition).systemId} does not match ${expectedId}`);
    }
    if (errors.length) {
      this.fail(id, new Error(`invalid plugin: ${errors.join('; ')}`));
      return false;
    }
    const plugin = def as PluginDefinition;
    if (this.plugins.has(plugin.systemId)) return true;
    let activation: Activation;
    try {
      activation = activatePlugin(plugin, this.container, this.bus);
    } catch (e) {
      this.fail(plugin.systemId, e);
      return false;
    }
    this.activations.set(plugin.systemId, activation);
    this.publish(plugin);
    return true;
  }

  private publish(plugin: PluginDefinition): void {
    for (const r of plugin.routes) this.routeOwner.set(r, plugin.systemId);
    this.plugins.set(plugin.systemId, plugin);
    this.routes = [...this.routes, ...plugin.routes];
    this.menus.set(plugin.systemId, plugin.menus ?? []);
    this.errors.delete(plugin.systemId);
    this.statuses.set(plugin.systemId, 'active');
  }

  private fail(systemId: string, e: unknown): void {
    const message = e instanceof Error ? e.message : String(e);
    console.error(`plugin ${systemId} failed`, e);
    this.errors.set(systemId, message);
    this.statuses.set(systemId, 'failed');
  }

  private setStatus(systemId: string, status: PluginStatus): void {
    this.statuses.set(systemId, status);
  }

  private setManifest(records: ManifestRecord[]): void {
    this.manifest = records;
  }

  private setGranted(platformIds: number[]): void {
    this.grantedPlatforms = platformIds;
  }

  private async loadRolePlatforms(): Promise<void> {
    const roleId = this.session.user?.roleId;
    if (roleId === undefined) {
      this.setGranted([]);
      return;
    }
    try {
      const res =
        this.boot.platforms<Array<{ platformId: number }>>(this.session.user?.userId, roleId) ??
        (await this.http.call(KernelApi.rolePlatforms, { roleId }));
      if (res.flag !== Flag.OK || !Array.isArray(res.obj)) throw new Error(res.msg || `flag ${res.flag}`);
      this.setGranted(res.obj.map((p) => Number(p.platformId)).filter((n) => Number.isFinite(n)));
    } catch (e) {
      console.error('plugins: cannot read the role platforms', e);
      this.setGranted([]);
    }
  }
}
