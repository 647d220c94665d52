import { isMenuPage, pagesOf, type PluginDeclaration } from '../../../sdk/plugin-declaration';
import { BUILT_IN_DECLARATIONS } from './built-in-declarations';

/** Resource types: 1 menu, 2 menu group, 3 button (the console treats every type but 3 as a menu). */
export const ResourceType = { MENU: 1, GROUP: 2, BUTTON: 3 } as const;

export interface ResourceEntry {
  id: number;
  parentId: number | null;
  name: string;
  type: number;
  path: string | null;
  icon: string | null;
  platformId: number;
  sort: number;
  /**
   * A resource added after roles existed: when it first appears, every role holding this older
   * resource is granted it too (a new page takes over part of what the older one covered).
   */
  grantedWith?: number;
}

/**
 * A sub-application's resources as its declaration gives them: groups, menu pages and their
 * buttons, numbered by the rule of the declaration's `sort` and listed in that order.
 */
export function declaredResources(declaration: PluginDeclaration): ResourceEntry[] {
  const { platformId } = declaration;
  const entries: ResourceEntry[] = [];
  let next = 1;
  const place = (sort: number | undefined) => {
    const at = sort ?? next;
    next = at + 1;
    return at;
  };
  const granted = (grantedWith: number | undefined) => (grantedWith === undefined ? {} : { grantedWith });
  const placedGroups = new Set<number>();
  for (const page of pagesOf(declaration).filter(isMenuPage)) {
    if (page.group !== undefined && !placedGroups.has(page.group)) {
      const group = declaration.groups?.find((g) => g.id === page.group);
      if (!group) throw new Error(`${declaration.systemId}: ${page.path} names the undeclared group ${page.group}`);
      placedGroups.add(group.id);
      entries.push({ id: group.id, parentId: null, name: group.title, type: ResourceType.GROUP, path: null, icon: group.icon ?? null, platformId, sort: place(group.sort) });
    }
    const { menuId, title, path, icon, group, sort, grantedWith } = page;
    entries.push({ id: menuId, parentId: group ?? null, name: title, type: ResourceType.MENU, path, icon: icon ?? null, platformId, sort: place(sort), ...granted(grantedWith) });
    for (const b of page.buttons) {
      entries.push({ id: b.id, parentId: menuId, name: b.name, type: ResourceType.BUTTON, path: null, icon: null, platformId, sort: place(b.sort), ...granted(b.grantedWith) });
    }
  }
  return entries.sort((a, b) => a.sort - b.sort);
}

/**
 * Centre pages every role has: the user's own messages, security settings and downloads. The
 * centre's settings (4003 告警设置 推送设置 健康设置) change the whole tenant and are granted per role.
 */
export const EVERY_ROLE_RESOURCES: readonly number[] = [4002, 4001, 1601];

/**
 * The fixed catalogue of menu and button ids (docs/api-contract.md), from the plugins' declarations
 * (plugins/<name>/<name>-declaration.ts). Upserted at every start.
 */
export const RESOURCE_CATALOGUE: readonly ResourceEntry[] = BUILT_IN_DECLARATIONS.flatMap(declaredResources);
