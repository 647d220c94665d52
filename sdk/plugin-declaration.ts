import type { AssetKind } from './asset-kinds';
import type { PluginContributions } from './extension-points';
import type { FluentIconName } from './fluent-icon-name';
import type { PluginSettingField } from './plugin-settings';
import type { MenuContribution, PluginDefinition, PluginRoute } from './plugin';

/**
 * What a sub-application is, as plain data: its platform, its pages, their menus and buttons.
 * Written once in the plugin's `*-declaration.ts`; the plugin's routes and side-nav menus and the
 * server's platform and resource catalogues (what roles are granted) are all derived from it.
 */
export interface PluginDeclaration {
  platformId: number;
  systemId: string;
  /** Chinese title, exactly as the manifest. */
  title: string;
  /** Icon of the sub-application switcher and 首页, exactly as the manifest (a Fluent UI icon name, see FluentIconName). */
  icon: FluentIconName;
  /** e.g. `/car/`, exactly the manifest's path. */
  basePath: string;
  /** See PluginDefinition.assetKinds. */
  assetKinds?: readonly AssetKind[];
  /**
   * The menu id of its 概览, the first of its pages: `<basePath>overview`, icon Board, on the main layout
   * (what every sub-application but the centre opens on).
   */
  overviewMenuId?: number;
  /** Menu groups (type 2 resources): a heading in the side nav whose pages name it as their `group`. */
  groups?: readonly MenuGroupDeclaration[];
  /** Every route after the 概览, in the side nav's order: menu pages, pages granted by another page's menu, redirects. */
  pages: readonly PageDeclaration[];
  /** What it adds to other sub-applications' pages: the extension points (see `extension-points.ts`). */
  contributes?: PluginContributions;
  /** Its settings per tenant, set on 系统中心 › 设置 › 插件设置 (see `plugin-settings.ts`). */
  settings?: readonly PluginSettingField[];
}

/** A resource granted with an older one: see `grantedWith` of MenuPageDeclaration. */
interface Granted {
  /**
   * A resource added after roles existed: when it first appears, every role holding this older
   * resource is granted it too (a new page takes over part of what the older one covered).
   */
  grantedWith?: number;
}

/**
 * Place in the platform's resource catalogue (the role editor's order). Left out, the catalogue
 * follows the side nav: each page, then its buttons, numbered 1, 2 …, a group just before its first
 * page. A declared sort puts the entry at that place and the entries after it continue from there,
 * so a page added later can keep its place in the catalogue while sitting elsewhere in the nav.
 */
type Sort = number;

export interface MenuGroupDeclaration {
  id: number;
  title: string;
  /** Icon of the group's heading in the side nav (a Fluent UI icon name, see FluentIconName). */
  icon?: FluentIconName;
  sort?: Sort;
}

/** A button permission of a page (a type 3 resource under the page's menu). */
export interface ButtonDeclaration extends Granted {
  id: number;
  name: string;
  sort?: Sort;
}

interface RouteFlags {
  /** Route name (optional, as in the spec's table). */
  name?: string;
  /** The page needs no permission check (still needs login unless public). */
  ignoreAuth?: boolean;
  /** Page uses the main layout. */
  main?: boolean;
  /** Show the layout (nav, header, tabs); default true. */
  showLayout?: boolean;
}

/** A page with a menu entry of its own: in the side nav and in the catalogue roles grant from. */
export interface MenuPageDeclaration extends RouteFlags, Granted {
  path: string;
  /** Title of the page, its side-nav entry and its catalogue resource. */
  title: string;
  /** The resource id of its menu. */
  menuId: number;
  /** Icon in the side nav (a Fluent UI icon name, see FluentIconName); pages inside a group show none. */
  icon?: FluentIconName;
  sort?: Sort;
  /** The menu group it sits under. */
  group?: number;
  /**
   * Its buttons. Given as names, they are numbered after the menu in the order named (menuId × 100 + 1, 2 …)
   * and granted with what the page is granted with; a new one goes at the end, so no id ever moves.
   */
  buttons?: readonly ButtonDeclaration[] | readonly string[];
}

/** A route without a menu entry of its own: a page opened from another page, a public page, a redirect. */
export interface SubPageDeclaration extends RouteFlags {
  path: string;
  title: string;
  /** The menu whose grant opens this page; left out: any logged-in user (or anyone, with ignoreAuth). */
  grantedBy?: number;
  /** Redirect target instead of a page. */
  redirect?: string;
}

export type PageDeclaration = MenuPageDeclaration | SubPageDeclaration;

/** A menu page as the side nav and the catalogue read it: every button with its id. */
export interface DeclaredMenuPage extends Omit<MenuPageDeclaration, 'buttons'> {
  buttons: readonly ButtonDeclaration[];
}

/** A declared route as the side nav and the catalogue read it. */
export type DeclaredPage = DeclaredMenuPage | SubPageDeclaration;

/** Whether a page has a menu entry of its own (else it is a sub-page or a redirect). */
export const isMenuPage = <P extends PageDeclaration | DeclaredPage>(page: P): page is Extract<P, { menuId: number }> => 'menuId' in page;

function declaredButtons(page: MenuPageDeclaration): ButtonDeclaration[] {
  const { menuId, grantedWith, buttons = [] } = page;
  return buttons.map((b: ButtonDeclaration | string, i) =>
    typeof b === 'string' ? { id: menuId * 100 + i + 1, name: b, ...(grantedWith !== undefined && { grantedWith }) } : b,
  );
}

/** Every route of a sub-application in the side nav's order, its 概览 first, each button with its id. */
export function pagesOf(declaration: PluginDeclaration): DeclaredPage[] {
  const { overviewMenuId, basePath, pages } = declaration;
  const declared = pages.map((page): DeclaredPage => (isMenuPage(page) ? { ...page, buttons: declaredButtons(page) } : page));
  if (overviewMenuId === undefined) return declared;
  return [{ path: `${basePath}overview`, title: '概览', menuId: overviewMenuId, icon: 'Board', main: true, buttons: [] }, ...declared];
}

/** The menu page a sub-application declares at a path (servers read its menu and button ids from it). */
export function declaredMenuPage(declaration: PluginDeclaration, path: string): DeclaredMenuPage {
  const page = pagesOf(declaration).filter(isMenuPage).find((p) => p.path === path);
  if (!page) throw new Error(`${declaration.systemId} declares no menu page ${path}`);
  return page;
}

/** A page's module, or its module and the first data it asks for (see PluginRoute.prefetch). */
export type PageLoader = NonNullable<PluginRoute['load']> | { load: NonNullable<PluginRoute['load']>; prefetch: NonNullable<PluginRoute['prefetch']> };

/** The page modules of a plugin, keyed by page path (every page but redirects needs one). */
export type PageLoaders = Readonly<Record<string, PageLoader>>;

/** The plugin's routes: its declared pages in order, each with its lazily loaded module. */
export function routesOf(declaration: PluginDeclaration, loaders: PageLoaders): PluginRoute[] {
  const pages = pagesOf(declaration);
  const unused = Object.keys(loaders).filter((path) => !pages.some((p) => p.path === path));
  if (unused.length) throw new Error(`${declaration.systemId}: no page declared for ${unused.join(', ')}`);
  return pages.map((page) => {
    const { path, title, name, ignoreAuth, main, showLayout } = page;
    const menuId = isMenuPage(page) ? page.menuId : page.grantedBy;
    const redirect = isMenuPage(page) ? undefined : page.redirect;
    const loader = loaders[path] as PageLoader | undefined;
    const load = typeof loader === 'function' ? loader : loader?.load;
    const prefetch = typeof loader === 'function' ? undefined : loader?.prefetch;
    return {
      path,
      ...(name !== undefined && { name }),
      title,
      ...(menuId !== undefined && { menuId }),
      ...(ignoreAuth !== undefined && { ignoreAuth }),
      ...(main !== undefined && { main }),
      ...(showLayout !== undefined && { showLayout }),
      ...(redirect !== undefined && { redirect }),
      ...(load && { load }),
      ...(prefetch && { prefetch }),
    };
  });
}

/** The side nav's menus: menu pages in declaration order, pages of a group under it (where its first page is). */
export function menusOf(declaration: PluginDeclaration): MenuContribution[] {
  const menus: MenuContribution[] = [];
  const groups = new Map<number, MenuContribution>();
  for (const page of pagesOf(declaration).filter(isMenuPage)) {
    const entry: MenuContribution = { id: page.menuId, title: page.title, path: page.path, ...(page.icon !== undefined && { icon: page.icon }) };
    if (page.group === undefined) {
      menus.push(entry);
      continue;
    }
    let group = groups.get(page.group);
    if (!group) {
      const declared = declaration.groups?.find((g) => g.id === page.group);
      if (!declared) throw new Error(`${declaration.systemId}: ${page.path} names the undeclared group ${page.group}`);
      group = { id: declared.id, title: declared.title, ...(declared.icon !== undefined && { icon: declared.icon }), children: [] };
      groups.set(page.group, group);
      menus.push(group);
    }
    group.children!.push(entry);
  }
  return menus;
}

/** A plugin definition's identity, routes and menus from its declaration and page modules: `definePlugin({ ...declaredPlugin(d, pages) })`. */
export function declaredPlugin(
  declaration: PluginDeclaration,
  loaders: PageLoaders,
): Pick<PluginDefinition, 'platformId' | 'systemId' | 'title' | 'icon' | 'basePath' | 'assetKinds' | 'routes' | 'menus'> {
  const { platformId, systemId, title, icon, basePath, assetKinds } = declaration;
  return {
    platformId,
    systemId,
    title,
    icon,
    basePath,
    ...(assetKinds && { assetKinds }),
    routes: routesOf(declaration, loaders),
    menus: menusOf(declaration),
  };
}
