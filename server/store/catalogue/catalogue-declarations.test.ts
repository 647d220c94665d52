import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ManifestRecord } from '../../../sdk/plugin';
import { isMenuPage, menusOf, pagesOf, routesOf, type PluginDeclaration } from '../../../sdk/plugin-declaration';
import type { MenuContribution } from '../../../sdk/plugin';
import manifestJson from '../../../plugins.manifest.json';
import { BUILT_IN_DECLARATIONS } from './built-in-declarations';
import { CENTRE_PLATFORM_ID, CENTRE_TITLE, PLATFORM_CATALOGUE } from './platform-catalogue';
import { RESOURCE_CATALOGUE, ResourceType } from './resource-catalogue';

const manifest = manifestJson as ManifestRecord[];
const pluginsDir = new URL('../../../plugins/', import.meta.url);
const folders = readdirSync(pluginsDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
const flatten = (menus: readonly MenuContribution[]): MenuContribution[] => menus.flatMap((m) => [m, ...flatten(m.children ?? [])]);
const byId = new Map(RESOURCE_CATALOGUE.map((r) => [r.id, r]));

/** The declaration a `*-declaration.ts` module exports (beside it, maybe the values it contributes). */
const declarationIn = (module: Record<string, unknown>): PluginDeclaration =>
  Object.values(module).find((v): v is PluginDeclaration => typeof v === 'object' && v !== null && 'systemId' in v && 'pages' in v)!;

describe('the catalogues agree with the sub-applications that declare them', () => {
  it('reads the declaration of every plugin folder, and of nothing else', async () => {
    const declared = await Promise.all(
      folders.map(async (folder) => {
        const module = (await import(new URL(`${folder}/${folder}-declaration.ts`, pluginsDir).href)) as Record<string, PluginDeclaration>;
        return declarationIn(module);
      }),
    );
    expect(new Set(declared)).toEqual(new Set(BUILT_IN_DECLARATIONS));
  });

  it.each(folders)('%s: the manifest record says what its declaration says', async (folder) => {
    const module = (await import(new URL(`${folder}/${folder}-declaration.ts`, pluginsDir).href)) as Record<string, PluginDeclaration>;
    const d = declarationIn(module);
    const records = manifest.filter((r) => r.systemId === d.systemId);
    expect(records).toHaveLength(1);
    const { platformId, systemId, name, title, icon, path, productionEntry, developmentEntry } = records[0]!;
    expect({ platformId, systemId, name, title, icon, path, productionEntry, developmentEntry }).toEqual({
      platformId: d.platformId,
      systemId: d.systemId,
      name: d.systemId,
      title: d.title,
      icon: d.icon,
      path: d.basePath,
      productionEntry: `/child/${d.systemId}/index.js`,
      developmentEntry: `/plugins/${folder}/${folder}-plugin.tsx`,
    });
  });

  it('lists every granted platform of the manifest, in its order, and the centre as platform 0', () => {
    const granted = manifest.filter((r) => r.platformId !== CENTRE_PLATFORM_ID);
    expect(PLATFORM_CATALOGUE).toEqual(granted.map(({ platformId, systemId, title, path }) => ({ platformId, systemId, title, path })));
    expect(manifest.find((r) => r.platformId === CENTRE_PLATFORM_ID)?.title).toBe(CENTRE_TITLE);
  });

  it.each(BUILT_IN_DECLARATIONS.map((d) => [d.systemId, d] as const))('%s: every route with a menu has its resource, every resource its route', (_id, d) => {
    const own = RESOURCE_CATALOGUE.filter((r) => r.platformId === d.platformId);
    for (const route of routesOf(d, {})) {
      if (route.menuId === undefined) continue;
      const resource = byId.get(route.menuId);
      expect(resource, `${route.path} needs resource ${route.menuId}`).toMatchObject({ type: ResourceType.MENU, platformId: d.platformId });
    }
    const menuPages = pagesOf(d).filter(isMenuPage);
    expect(own.filter((r) => r.type === ResourceType.MENU).map((r) => [r.id, r.name, r.path]).sort()).toEqual(menuPages.map((p) => [p.menuId, p.title, p.path]).sort());
    // the side nav shows exactly the menus and groups of the catalogue, with their titles and icons
    const nav = flatten(menusOf(d)).map((m) => [m.id, m.title, m.path ?? null, m.icon ?? null]);
    expect(own.filter((r) => r.type !== ResourceType.BUTTON).map((r) => [r.id, r.name, r.path, r.icon]).sort()).toEqual(nav.sort());
    for (const r of own.filter((r) => r.type === ResourceType.BUTTON)) expect(byId.get(r.parentId!), `button ${r.id}`).toMatchObject({ type: ResourceType.MENU, platformId: d.platformId });
    for (const r of own.filter((r) => r.type === ResourceType.GROUP)) expect(own.some((c) => c.parentId === r.id), `group ${r.id}`).toBe(true);
  });

  it('numbers every resource once and places each once in its platform', () => {
    expect(byId.size).toBe(RESOURCE_CATALOGUE.length);
    const places = RESOURCE_CATALOGUE.map((r) => `${r.platformId}:${r.sort}`);
    expect(new Set(places).size).toBe(places.length);
    for (const r of RESOURCE_CATALOGUE) if (r.grantedWith !== undefined) expect(byId.has(r.grantedWith), `${r.id} is granted with ${r.grantedWith}`).toBe(true);
  });
});
