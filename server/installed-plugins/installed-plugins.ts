import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ManifestRecord } from '@tianlu/sdk/plugin';
import { alarmTypesOf } from '../../sdk/extension-points';
import { setInstalledAlarmTypes, takenAlarmTypes } from '../alarms/alarm-catalogue';
import { COMMAND_TYPES, commandDefinition } from '../commands/command-types';
import { builtInContributedCodes, setInstalledCommandTypes } from '../commands/contributed-commands';
import { CENTRE_PLATFORM_ID, CENTRE_TITLE, PLATFORM_CATALOGUE, type PlatformEntry } from '../store/catalogue/platform-catalogue';
import { RESOURCE_CATALOGUE, ResourceType, type ResourceEntry } from '../store/catalogue/resource-catalogue';
import type { Store } from '../store/create-store';
import type { InstalledMenu, InstalledPlugin } from './installed-plugin-record';
import { scanPluginsDir, type BuiltIns } from './plugins-dir-scan';

export interface InstalledPluginsOptions {
  pluginsDir: string;
  /** Holds plugins.manifest.json, the built-in sub-applications. */
  rootDir: string;
  store: Store;
  log: { info(msg: string): void; warn(msg: string): void };
  /** Runs after the installed plugins were registered in the store (the demo profile grants its admin everything). */
  onRegistered?: () => Promise<void>;
}

/** The built-in manifest and the installed plugins as read now. */
export interface PluginsSnapshot {
  /** plugins.manifest.json of the repository, entry by entry as written. */
  builtIn: unknown[];
  installed: InstalledPlugin[];
}

function builtInsOf(records: unknown[]): BuiltIns {
  const platforms = new Map<number, string>([[CENTRE_PLATFORM_ID, CENTRE_TITLE]]);
  const systemIds = new Map<string, string>();
  const paths = new Set<string>();
  const add = (r: Partial<ManifestRecord>) => {
    if (typeof r.platformId === 'number') platforms.set(r.platformId, r.title ?? String(r.platformId));
    if (typeof r.systemId === 'string') systemIds.set(r.systemId, r.title ?? r.systemId);
    if (typeof r.path === 'string') paths.add(r.path.endsWith('/') ? r.path : `${r.path}/`);
  };
  PLATFORM_CATALOGUE.forEach(add);
  for (const r of records) if (r && typeof r === 'object') add(r as Partial<ManifestRecord>);
  return { platforms, systemIds, paths, resourceIds: new Set(RESOURCE_CATALOGUE.map((r) => r.id)), alarmTypes: takenAlarmTypes(), commandTypes: takenCommandTypes() };
}

/** The command type codes an installed plugin may not take: the platform's and the built-in sub-applications' contributed ones. */
function takenCommandTypes(): Map<string, string> {
  return new Map([...COMMAND_TYPES.map((t): [string, string] => [t, `平台的「${commandDefinition(t).name}」`]), ...builtInContributedCodes()]);
}

/** The resource rows of a plugin's menus: menus (type 1), their buttons (type 3) under them. */
export function resourcesOf(platformId: number, menus: readonly InstalledMenu[], parentId: number | null = null): ResourceEntry[] {
  return menus.flatMap((m, i) => [
    { id: m.id, parentId, name: m.title, type: ResourceType.MENU, path: m.path ?? null, icon: m.icon ?? null, platformId, sort: i + 1 },
    ...(m.buttons ?? []).map((b, j) => ({ id: b.id, parentId: m.id, name: b.title, type: ResourceType.BUTTON, path: null, icon: null, platformId, sort: j + 1 })),
    ...resourcesOf(platformId, m.children ?? [], m.id),
  ]);
}

/**
 * Plugins built outside the repository, installed by dropping a folder into PLUGINS_DIR. Read
 * again on every `refresh()` (cheap: one directory and a few small files); the store is written
 * only when the installed set changed, and bad folders are logged once, then skipped.
 */
export class InstalledPlugins {
  private snapshot: PluginsSnapshot = { builtIn: [], installed: [] };
  private inFlight: Promise<PluginsSnapshot> | undefined;
  private registered: string | undefined;
  private reported = '';
  private listener: ((installed: InstalledPlugin[]) => Promise<void>) | undefined;

  constructor(private readonly options: InstalledPluginsOptions) {}

  /** Reads plugins.manifest.json and PLUGINS_DIR again (concurrent callers share one read). */
  refresh(): Promise<PluginsSnapshot> {
    this.inFlight ??= this.read().finally(() => (this.inFlight = undefined));
    return this.inFlight;
  }

  /** Told the installed plugins after every read, before the read answers (the server parts follow the folder with it). */
  onRead(listener: (installed: InstalledPlugin[]) => Promise<void>): void {
    this.listener = listener;
  }

  /** The installed plugin of that systemId, as of the last refresh. */
  find(systemId: string): InstalledPlugin | undefined {
    return this.snapshot.installed.find((p) => p.record.systemId === systemId);
  }

  /** The installed plugins as of the last refresh. */
  installedNow(): readonly InstalledPlugin[] {
    return this.snapshot.installed;
  }

  /** Platforms that exist now: built-ins and installed plugins (a removed plugin's record stays in the store with its grants, unlisted). */
  listed<T extends Pick<PlatformEntry, 'platformId'>>(platforms: readonly T[]): T[] {
    const installed = new Set(this.snapshot.installed.map((p) => p.record.platformId));
    const builtIn = new Set(PLATFORM_CATALOGUE.map((p) => p.platformId));
    return platforms.filter((p) => builtIn.has(p.platformId) || installed.has(p.platformId));
  }

  private async read(): Promise<PluginsSnapshot> {
    const { rootDir, pluginsDir, store, log, onRegistered } = this.options;
    const builtIn = JSON.parse(await readFile(join(rootDir, 'plugins.manifest.json'), 'utf8')) as unknown;
    if (!Array.isArray(builtIn)) throw new Error('plugins.manifest.json must be a JSON array');
    const { plugins, problems } = await scanPluginsDir(pluginsDir, builtInsOf(builtIn));
    const report = problems.join('\n');
    if (report !== this.reported) problems.forEach((p) => log.warn(p));
    this.reported = report;
    const signature = JSON.stringify(plugins.map((p) => [p.record, p.menus]));
    if (signature !== this.registered) {
      await store.catalogue.registerInstalled(
        plugins.map(({ record: r, menus }) => ({
          platform: { platformId: r.platformId, systemId: r.systemId, title: r.title, path: r.path },
          resources: resourcesOf(r.platformId, menus),
        })),
      );
      await onRegistered?.();
      if (plugins.length) log.info(`已安装的插件（${pluginsDir}）：${plugins.map((p) => `${p.record.systemId}（${p.record.title}）`).join('、')}`);
      this.registered = signature;
    }
    // their alarm types join the catalogue after the built-in ones (a plugin that does not run raises none)
    setInstalledAlarmTypes(plugins.filter((p) => !p.refusal).flatMap(({ record: r }) => alarmTypesOf(r.contributes).map((type) => ({ type, platformId: r.platformId, title: r.title }))));
    // and their command types join 指令下发 (a plugin that does not run or is switched off offers none)
    setInstalledCommandTypes(plugins.filter((p) => !p.refusal && p.record.enabled).flatMap(({ record: r }) =>
      (r.contributes?.commandTypes ?? []).map((type) => ({ type, platformId: r.platformId, systemId: r.systemId, title: r.title }))));
    this.snapshot = { builtIn, installed: plugins };
    await this.listener?.(plugins);
    return this.snapshot;
  }
}
