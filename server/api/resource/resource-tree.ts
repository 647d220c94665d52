import type { ResourceItem } from '../../../sdk/services/permission-service';
import type { PlatformEntry } from '../../store/catalogue/platform-catalogue';
import { CENTRE_PATH, CENTRE_PLATFORM_ID, CENTRE_TITLE } from '../../store/catalogue/platform-catalogue';
import type { ResourceEntry } from '../../store/catalogue/resource-catalogue';


/** Type of the per-platform root containers (id 0, as the console's menu filter expects). */
export const GROUP_ROOT_TYPE = 0;

function toItem(r: ResourceEntry): ResourceItem {
  return { id: r.id, name: r.name, type: r.type, ...(r.path ? { path: r.path } : {}), ...(r.icon ? { icon: r.icon } : {}), platformId: r.platformId };
}

/** Nests resources by parentId; a resource whose parent is absent hangs at the top. */
export function nestResources(resources: readonly ResourceEntry[]): ResourceItem[] {
  const items = new Map(resources.map((r) => [r.id, toItem(r)]));
  const roots: ResourceItem[] = [];
  for (const r of resources) {
    const item = items.get(r.id)!;
    const parent = r.parentId === null ? undefined : items.get(r.parentId);
    if (parent) (parent.children ??= []).push(item);
    else roots.push(item);
  }
  return roots;
}

/**
 * One root container per platform: `{id: 0, type: 0, name: <platform title>, platformId, path, children}`,
 * the centre first, then platforms in catalogue order. Platforms without resources are left out.
 */
export function buildResourceTree(resources: readonly ResourceEntry[], platforms: readonly PlatformEntry[]): ResourceItem[] {
  const groups = [{ platformId: CENTRE_PLATFORM_ID, title: CENTRE_TITLE, path: CENTRE_PATH }, ...platforms];
  return groups.flatMap((p) => {
    const children = nestResources(resources.filter((r) => r.platformId === p.platformId));
    return children.length ? [{ id: 0, name: p.title, type: GROUP_ROOT_TYPE, path: p.path, platformId: p.platformId, children }] : [];
  });
}
