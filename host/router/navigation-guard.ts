import type { Container } from 'inversify';
import { Flag } from '../../sdk/envelope';
import type { MenuContribution, PluginRoute } from '../../sdk/plugin';
import { BrandingService } from '../../sdk/services/branding-service';
import { ConfigService } from '../../sdk/services/config-service';
import { HttpError } from '../../sdk/services/http-service';
import { PermissionService } from '../../sdk/services/permission-service';
import { PluginRegistry } from '../../sdk/services/plugin-registry';
import { SessionService } from '../../sdk/services/session-service';
import { HostPaths, hostRoutes } from './host-routes';
import { preloadPage } from './lazy-page';
import { matchRoute } from './route-matcher';

/** What the guards decided for a navigation. */
export type GuardResult =
  | { kind: 'pass'; route: PluginRoute }
  | { kind: 'redirect'; to: string }
  /** A known page whose menu id the user does not hold: the 无权限 notice is shown in place. */
  | { kind: 'forbidden'; route: PluginRoute }
  /** The sub-application owning the path could not be loaded: the 插件加载失败 notice is shown in place. */
  | { kind: 'failed'; route: PluginRoute; title: string; error?: string };

/** The systemId of the plugin that owns /home and /center/*. */
export const CENTER_SYSTEM_ID = 'center';

/**
 * The shell's navigation guards (spec §2): branding on the first navigation, then login and
 * permission checks. Plugins whose base path holds the target are loaded on the way.
 */
export class NavigationGuard {
  private firstNavigation = true;
  private centerLoaded: Promise<boolean> | undefined;
  private systemsLoadedFor: { userId: number | undefined; loaded: Promise<void> } | undefined;

  constructor(
    private readonly container: Container,
    private readonly host: () => string,
  ) {}

  private get<T>(token: symbol): T {
    return this.container.get<T>(token);
  }

  /** Host routes first, then every route the loaded plugins contributed. */
  routes(): PluginRoute[] {
    return [...hostRoutes, ...this.get<PluginRegistry>(PluginRegistry).routes];
  }

  async resolve(pathname: string): Promise<GuardResult> {
    if (this.firstNavigation) {
      this.firstNavigation = false;
      if (pathname !== HostPaths.reload) {
        const [branding] = await Promise.all([this.loadBranding(), this.loadConfig()]);
        if (branding !== 'ok') return redirect(HostPaths.reload);
      }
    }
    if (pathname === HostPaths.checkLogin || pathname === HostPaths.reload || pathname === HostPaths.login) {
      const route = this.hostRoute(pathname);
      // the page's code is in when it is shown (drawn in one pass, not after 加载中)
      if (route.load) await preloadPage(route.load);
      return { kind: 'pass', route };
    }
    const session = this.get<SessionService>(SessionService);
    // a logged-in user's sub-applications and grants are read while the centre loads, not after it
    const systems = session.isLoggedIn ? this.ensureSystems(session.user?.userId) : undefined;
    const permissions = session.isLoggedIn ? this.ensurePermissions() : undefined;
    // and the sub-application owning the path loads beside the centre, not after it
    void systems?.then(() => this.startOwningPlugin(pathname));
    await this.ensureCenter();
    let route = matchRoute(this.routes(), pathname);
    if (route?.path === HostPaths.notFound && !session.isLoggedIn) return { kind: 'pass', route };
    if (!session.isLoggedIn) return redirect(HostPaths.login);

    await (systems ?? this.ensureSystems(session.user?.userId));
    if (!route) route = await this.loadOwningPlugin(pathname);
    if (!route) return this.failedOwner(pathname) ?? redirect(await this.systemEntry(pathname));
    if (route.redirect) return redirect(route.redirect);
    // the page's code loads while its grants are checked; shown only if they allow it, and once it
    // is in, so the layout and the page are drawn together
    const pageCode = route.load ? preloadPage(route.load) : undefined;
    if (route.ignoreAuth) {
      this.prefetch(route);
      await pageCode;
      return { kind: 'pass', route };
    }

    const perms = this.get<PermissionService>(PermissionService);
    const open = route;
    // and its first data is asked for as soon as the grants allow it, beside its code
    const granted = (permissions ?? this.ensurePermissions()).then((failed) => {
      if (!failed && (open.menuId === undefined || perms.hasMenu(open.menuId))) this.prefetch(open);
      return failed;
    });
    const [failed] = await Promise.all([granted, pageCode]);
    if (failed) return redirect(failed);
    if (route.menuId !== undefined && !perms.hasMenu(route.menuId)) return { kind: 'forbidden', route };
    return { kind: 'pass', route };
  }

  /** The route's first data (PluginRoute.prefetch); a plugin's mistake there does not stop the page. */
  private prefetch(route: PluginRoute): void {
    if (!route.prefetch) return;
    try {
      route.prefetch((token) => this.container.get(token));
    } catch (e) {
      console.error(`[tianlu] ${route.path}: prefetch failed`, e);
    }
  }

  /** Loads the menu permissions once; the path to go to when that fails or the menu is empty. */
  private async ensurePermissions(): Promise<string | undefined> {
    const perms = this.get<PermissionService>(PermissionService);
    if (perms.loaded) return undefined;
    try {
      return (await perms.load()) === 'empty' ? HostPaths.login : undefined;
    } catch (e) {
      // On the resource list an expired session goes straight to /login (spec §8).
      return e instanceof HttpError && e.flag === Flag.SESSION_EXPIRED ? HostPaths.login : HostPaths.reload;
    }
  }

  /**
   * A sub-application's base path (e.g. /car/) enters it: the first page of its menu the user
   * holds, else its first permitted route; anything else unknown is /404.
   */
  private async systemEntry(pathname: string): Promise<string> {
    const registry = this.get<PluginRegistry>(PluginRegistry);
    const owner = registry.systemForPath(pathname);
    const plugin = owner && registry.plugins.get(owner.systemId);
    if (!owner || !plugin || owner.systemId === CENTER_SYSTEM_ID || trimSlash(pathname) !== trimSlash(plugin.basePath)) return HostPaths.notFound;
    const failed = await this.ensurePermissions();
    if (failed) return failed;
    const perms = this.get<PermissionService>(PermissionService);
    const fromMenu = flattenMenus(plugin.menus ?? []).find((m) => m.path && perms.hasMenu(m.id))?.path;
    const fromRoutes = plugin.routes.find((r) => r.load && (r.menuId === undefined || perms.hasMenu(r.menuId)))?.path;
    return fromMenu ?? fromRoutes ?? HostPaths.notFound;
  }

  /** The failure notice when the plugin owning `pathname` failed to load (it stays failed; the rest of the console works). */
  private failedOwner(pathname: string): GuardResult | undefined {
    const registry = this.get<PluginRegistry>(PluginRegistry);
    const owner = registry.systemForPath(pathname);
    if (!owner || owner.systemId === CENTER_SYSTEM_ID || registry.status(owner.systemId) !== 'failed') return undefined;
    return { kind: 'failed', route: { path: pathname, title: '插件加载失败', main: true }, title: owner.title, error: registry.error(owner.systemId) };
  }

  private hostRoute(pathname: string): PluginRoute {
    return matchRoute(hostRoutes, pathname)!;
  }

  private async loadBranding() {
    try {
      return await this.get<BrandingService>(BrandingService).load(this.host());
    } catch {
      return 'failed' as const;
    }
  }

  private async loadConfig(): Promise<void> {
    const config = this.get<ConfigService>(ConfigService);
    if (!config.loaded) await config.load().catch(() => undefined);
  }

  private ensureCenter(): Promise<boolean> {
    this.centerLoaded ??= this.get<PluginRegistry>(PluginRegistry)
      .load(CENTER_SYSTEM_ID)
      .catch(() => false);
    return this.centerLoaded;
  }

  /** The role's sub-applications, read once per user (concurrent callers share the read). */
  private ensureSystems(userId: number | undefined): Promise<void> {
    if (this.systemsLoadedFor && this.systemsLoadedFor.userId === userId) return this.systemsLoadedFor.loaded;
    const loaded = this.get<PluginRegistry>(PluginRegistry)
      .loadSystems()
      .catch((e: unknown) => console.error('[tianlu] sub-applications could not be read', e));
    this.systemsLoadedFor = { userId, loaded };
    return loaded;
  }

  /** The sub-application (not the centre) whose base path holds `pathname`, unless it is loaded or failed already. */
  private pendingOwner(pathname: string): string | undefined {
    const registry = this.get<PluginRegistry>(PluginRegistry);
    // Only the sub-applications the role grants are loaded.
    const owner = registry.systemForPath(pathname);
    if (!owner || owner.systemId === CENTER_SYSTEM_ID) return undefined;
    const status = registry.status(owner.systemId);
    return status === 'idle' || status === 'loading' ? owner.systemId : undefined;
  }

  /** Starts loading the owning plugin, then its page's code (shown only once the guards pass). */
  private startOwningPlugin(pathname: string): void {
    const systemId = this.pendingOwner(pathname);
    if (!systemId) return;
    void this.get<PluginRegistry>(PluginRegistry)
      .load(systemId)
      .then((loaded) => (loaded ? matchRoute(this.routes(), pathname)?.load?.() : undefined))
      .catch(() => undefined);
  }

  /** Loads (or waits for) the plugin whose base path holds `pathname` and matches again. */
  private async loadOwningPlugin(pathname: string): Promise<PluginRoute | undefined> {
    const systemId = this.pendingOwner(pathname);
    if (!systemId || !(await this.get<PluginRegistry>(PluginRegistry).load(systemId))) return undefined;
    return matchRoute(this.routes(), pathname);
  }
}

function trimSlash(path: string): string {
  return path.replace(/\/+$/, '').toLowerCase();
}

function flattenMenus(menus: readonly MenuContribution[]): MenuContribution[] {
  return menus.flatMap((m) => [m, ...flattenMenus(m.children ?? [])]);
}

function redirect(to: string): GuardResult {
  return { kind: 'redirect', to };
}
