import type { AssetKind } from './asset-kinds';
import type { ContributedComponentLoader, PluginContributions } from './extension-points';
import type { FluentIconName } from './fluent-icon-name';
import type { ComponentType } from 'react';
import type { PluginInfo } from './react/plugin-scope';
import type { Disposable, MessageHandler, MessageType } from './services/message-bus';
import type { ServiceToken } from './services/service-token';

/** A page of a plugin. `path` is absolute (starts with the plugin's base path, or `/` for the centre). */
export interface PluginRoute {
  path: string;
  /** Route name (optional, as in the spec's table). */
  name?: string;
  /** Chinese title shown in history tabs and the document title. */
  title: string;
  /** Numeric menu id that grants the page. */
  menuId?: number;
  /** The page needs no permission check (still needs login unless public). */
  ignoreAuth?: boolean;
  /** Page uses the main layout. */
  main?: boolean;
  /** Show the layout (nav, header, tabs); default true. */
  showLayout?: boolean;
  /** Redirect target instead of a page. */
  redirect?: string;
  /** Lazily loaded page. */
  load?: () => Promise<{ default: ComponentType }>;
  /**
   * Starts what the page needs first as it opens, while its code loads and the console draws:
   * `get(HttpService).prefetch(endpoint, input)` with exactly what the page's own `http.call` asks
   * first, or a component's own preload (e.g. {@link prefetchAssetMonitor}). Called on every
   * navigation to the page, once the user may open it.
   */
  prefetch?: (get: ServiceGetter) => void;
}

/** A platform service by its token. */
export type ServiceGetter = <T>(token: ServiceToken<T>) => T;

/** A menu entry a plugin contributes; `id` is the resource id that grants it. */
export interface MenuContribution {
  id: number;
  title: string;
  path?: string;
  /** Drawn in the side nav beside a top-level entry (a Fluent UI icon name, see FluentIconName). */
  icon?: FluentIconName;
  children?: MenuContribution[];
}

/** What `activate` gets: who the plugin is, the services it may read and the ones it may offer. */
export interface PluginContext {
  readonly plugin: PluginInfo;
  /** A service by its token: the plugin's own first, then the platform's. */
  get<T>(token: ServiceToken<T>): T;
  /**
   * Offers a service of the plugin's own under its token, to its pages (`useService`) and its
   * `activate`. A plugin cannot replace a service of the platform: a token the platform binds is refused.
   */
  provide<T>(token: ServiceToken<T>, service: T): void;
}

export type PluginHandlers = { [K in MessageType]?: MessageHandler<K> };

/** The whole plugin contract: one object, default-exported from the plugin entry. */
export interface PluginDefinition {
  platformId: number;
  systemId: string;
  /** Chinese title, exactly as the manifest. */
  title: string;
  /** Drawn in the sub-application switcher (a Fluent UI icon name, see FluentIconName); the manifest's. */
  icon?: FluentIconName;
  /** e.g. `/car/`. */
  basePath: string;
  routes: PluginRoute[];
  menus?: MenuContribution[];
  /**
   * The asset kinds the sub-application watches: its 概览 counts only them, and its alarm desk can
   * show only their alarms (on by default unless it watches vehicles). Left out: every kind (系统管理, reports …).
   */
  assetKinds?: readonly AssetKind[];
  handlers?: PluginHandlers;
  /**
   * Components it lends to extension points by name (a vehicle-info tab, a dashboard card): the
   * `component` its contributions name. Each loads when first shown, in the plugin's own scope.
   */
  components?: Readonly<Record<string, ContributedComponentLoader>>;
  /** Runs once when the plugin loads, after its handlers are registered; what it returns is disposed when it unloads. */
  activate?: (ctx: PluginContext) => Disposable[] | void;
}

/** Sub-application record of plugins.manifest.json (spec §3). */
export interface ManifestRecord {
  platformId: number;
  systemId: string;
  name: string;
  productionEntry: string;
  developmentEntry: string;
  title: string;
  /** Drawn in the sub-application switcher and on 首页 (a Fluent UI icon name, see FluentIconName). */
  icon: FluentIconName;
  path: string;
  created: string;
  iconfont: string;
  enabled: boolean;
  /** What it adds to other sub-applications' pages (served by the platform; not one of the spec's eleven fields). */
  contributes?: PluginContributions;
  /**
   * Set by the server on a plugin installed in PLUGINS_DIR whose server part could not be loaded:
   * the reason, in Chinese. The console shows the plugin as 插件加载失败 with it.
   */
  serverError?: string;
}

/** Validation problems of a plugin definition; empty when valid. */
export function validatePlugin(def: unknown): string[] {
  const errors: string[] = [];
  if (!def || typeof def !== 'object') return ['plugin definition must be an object'];
  const d = def as Partial<PluginDefinition>;
  if (typeof d.platformId !== 'number') errors.push('platformId must be a number');
  if (typeof d.systemId !== 'string' || !d.systemId) errors.push('systemId must be a non-empty string');
  if (typeof d.title !== 'string' || !d.title) errors.push('title must be a non-empty string');
  if (typeof d.basePath !== 'string' || !d.basePath.startsWith('/')) errors.push('basePath must start with /');
  if (!Array.isArray(d.routes)) errors.push('routes must be an array');
  else
    d.routes.forEach((r, i) => {
      if (!r || typeof r.path !== 'string' || !r.path.startsWith('/')) errors.push(`routes[${i}].path must start with /`);
      if (!r || typeof r.title !== 'string') errors.push(`routes[${i}].title must be a string`);
      if (r && !r.load && !r.redirect) errors.push(`routes[${i}] needs load or redirect`);
    });
  if (d.components !== undefined) {
    if (!d.components || typeof d.components !== 'object') errors.push('components must be an object of loaders');
    else for (const [name, load] of Object.entries(d.components)) if (typeof load !== 'function') errors.push(`components.${name} must be a function returning import(...)`);
  }
  return errors;
}

/** Declares a plugin. Throws when the definition is malformed. */
export function definePlugin(def: PluginDefinition): PluginDefinition {
  const errors = validatePlugin(def);
  if (errors.length) throw new Error(`invalid plugin ${String(def?.systemId)}: ${errors.join('; ')}`);
  return def;
}
