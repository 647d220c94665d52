/** The part of a menu node the filter needs (MenuContribution and ResourceItem both fit). */
export interface MenuNode<T> {
  id: number;
  children?: T[];
}

/** Id of the root container entry: never a grant by itself. */
export const ROOT_MENU_ID = 0;

/**
 * Spec §6: keeps allowed ids plus id 0, recursing into children; an id-0 entry is kept only
 * when it still has children after filtering. Returns copies; the input is not changed.
 */
export function filterMenuTree<T extends MenuNode<T>>(tree: readonly T[], allowed: (id: number) => boolean): T[] {
  const out: T[] = [];
  for (const item of tree) {
    if (item.id !== ROOT_MENU_ID && !allowed(item.id)) continue;
    const children = item.children ? filterMenuTree(item.children, allowed) : undefined;
    if (item.id === ROOT_MENU_ID && !children?.length) continue;
    out.push(children ? { ...item, children } : { ...item });
  }
  return out;
}
