import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { FALLBACK_ICON } from '../../sdk/fluent-icon-lookup';
import { fluentIconNames, type IconNameCheck } from './fluent-icon-names';
import { menuResourceIds, parseInstalledRecord, type InstalledMenu, type InstalledPlugin } from './installed-plugin-record';

/** What the repository itself ships: installed plugins may not take any of it. */
export interface BuiltIns {
  /** platformId → title (the centre, 0, included). */
  platforms: ReadonlyMap<number, string>;
  /** systemId → title. */
  systemIds: ReadonlyMap<string, string>;
  /** Base paths, e.g. `/car/`. */
  paths: ReadonlySet<string>;
  resourceIds: ReadonlySet<number>;
  /** Alarm type codes → whose they are, e.g. `平台的「紧急报警」` (absent: none taken). */
  alarmTypes?: ReadonlyMap<string, string>;
  /** Command type codes → whose they are, e.g. `平台的「位置查询」` (absent: none taken). */
  commandTypes?: ReadonlyMap<string, string>;
}

export interface ScanResult {
  plugins: InstalledPlugin[];
  /** One Chinese line per skipped folder, per plugin that will not run, per plugin naming icons the console cannot draw. */
  problems: string[];
}

/** First path segments the shell or the server own (`/home`, `/child/…`, `/oauth/…`). */
const RESERVED_SEGMENTS = new Set(['home', 'login', 'reload', 'checklogin', '404', 'center', 'child', 'oauth', 'oauthtoken', 'docs', 'ws', 'assets', 'shared', 'plugins']);

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() ?? false;
}

async function isDirectory(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isDirectory() ?? false;
}

/** Problems of a valid record against the built-ins and the plugins accepted before it. */
function conflicts(plugin: InstalledPlugin, builtIns: BuiltIns, accepted: readonly InstalledPlugin[]): string[] {
  const { platformId, systemId, path } = plugin.record;
  const errors: string[] = [];
  const builtInPlatform = builtIns.platforms.get(platformId);
  if (builtInPlatform !== undefined) errors.push(`platformId ${platformId} 已被内置子应用「${builtInPlatform}」占用，不能覆盖`);
  const builtInSystem = builtIns.systemIds.get(systemId);
  if (builtInSystem !== undefined) errors.push(`systemId ${systemId} 已被内置子应用「${builtInSystem}」占用，不能覆盖`);
  const segment = path.slice(1, -1).toLowerCase();
  if (builtIns.paths.has(path) || RESERVED_SEGMENTS.has(segment)) errors.push(`path ${path} 已被平台占用`);
  const ids = menuResourceIds(plugin.menus);
  const dup = ids.find((id, i) => ids.indexOf(id) !== i);
  if (dup !== undefined) errors.push(`菜单编号 ${dup} 重复`);
  const builtInId = ids.find((id) => builtIns.resourceIds.has(id));
  if (builtInId !== undefined) errors.push(`菜单编号 ${builtInId} 已被内置资源占用`);
  const alarmTypes = (plugin.record.contributes?.alarmTypes ?? []).map((t) => t.alarmType);
  for (const code of alarmTypes) {
    const owner = builtIns.alarmTypes?.get(code);
    if (owner !== undefined) errors.push(`告警类型 ${code} 已被${owner}占用，请换一个代码（建议以 ${systemId}. 开头）`);
  }
  const commandTypes = (plugin.record.contributes?.commandTypes ?? []).map((t) => t.code);
  for (const code of commandTypes) {
    const owner = builtIns.commandTypes?.get(code);
    if (owner !== undefined) errors.push(`指令类型 ${code} 已被${owner}占用，请换一个代码（建议以 ${systemId}. 开头）`);
  }
  for (const other of accepted) {
    const who = `已安装的插件「${other.record.systemId}」`;
    const theirCommands = new Set((other.record.contributes?.commandTypes ?? []).map((t) => t.code));
    const sameCommand = commandTypes.find((code) => theirCommands.has(code));
    if (sameCommand !== undefined) errors.push(`指令类型 ${sameCommand} 已被${who}占用`);
    const theirs = new Set((other.record.contributes?.alarmTypes ?? []).map((t) => t.alarmType));
    const sameType = alarmTypes.find((code) => theirs.has(code));
    if (sameType !== undefined) errors.push(`告警类型 ${sameType} 已被${who}占用`);
    if (other.record.platformId === platformId) errors.push(`platformId ${platformId} 已被${who}占用`);
    if (other.record.path.toLowerCase() === path.toLowerCase()) errors.push(`path ${path} 已被${who}占用`);
    const taken = new Set(menuResourceIds(other.menus));
    const clash = ids.find((id) => taken.has(id));
    if (clash !== undefined) errors.push(`菜单编号 ${clash} 已被${who}占用`);
  }
  return errors;
}

/** Where to find the Fluent icon names: the icon catalogue an author looks a name up in. */
export const FLUENT_ICON_CATALOGUE = 'https://react.fluentui.dev/?path=/docs/icons-catalog--docs';

function menuIcons(menus: readonly InstalledMenu[], at: string): [string, string][] {
  return menus.flatMap((m, i) => [...(m.icon ? [[`${at}[${i}].icon`, m.icon] as [string, string]] : []), ...menuIcons(m.children ?? [], `${at}[${i}].children`)]);
}

/** The icon names of a record and its menus that draw no icon, each with where it is written (`menus[0].icon「Foo」`). */
async function unknownIcons(plugin: InstalledPlugin, icons: IconNameCheck): Promise<string[]> {
  const named: [string, string][] = [...(plugin.record.icon ? [['icon', plugin.record.icon] as [string, string]] : []), ...menuIcons(plugin.menus, 'menus')];
  const unknown: string[] = [];
  for (const [at, name] of named) if (!(await icons.has(name))) unknown.push(`${at}「${name}」`);
  return unknown;
}

async function readFolder(dir: string, folder: string): Promise<{ plugin: InstalledPlugin } | { errors: string[] }> {
  let text: string;
  try {
    text = await readFile(join(dir, 'manifest.json'), 'utf8');
  } catch {
    return { errors: ['缺少 manifest.json'] };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { errors: ['manifest.json 不是有效的 JSON'] };
  }
  const parsed = parseInstalledRecord(raw, folder, dir);
  if ('errors' in parsed) return parsed;
  const entryFile = parsed.plugin.record.productionEntry.slice(`/child/${folder}/`.length);
  if (!(await isFile(join(dir, entryFile)))) return { errors: [`productionEntry 指向的文件 ${entryFile} 不存在`] };
  return parsed;
}

/**
 * Reads PLUGINS_DIR: every sub-folder `<systemId>/` with a valid `manifest.json` that takes
 * nothing of the built-ins becomes an installed plugin; folders are read in name order, so of
 * two plugins that claim the same id the first one wins. A missing directory means no plugins.
 * An icon name that is no Fluent UI icon (`icons` says which are) is reported; the plugin still installs.
 */
export async function scanPluginsDir(pluginsDir: string, builtIns: BuiltIns, icons: IconNameCheck = fluentIconNames()): Promise<ScanResult> {
  const result: ScanResult = { plugins: [], problems: [] };
  const names = await readdir(pluginsDir).catch(() => [] as string[]);
  for (const folder of names.filter((n) => !n.startsWith('.')).sort()) {
    const dir = join(pluginsDir, folder);
    if (!(await isDirectory(dir))) continue;
    const read = await readFolder(dir, folder);
    const errors = 'errors' in read ? read.errors : conflicts(read.plugin, builtIns, result.plugins);
    if (errors.length || 'errors' in read) result.problems.push(`插件 ${folder}（${dir}）无效，已跳过：${errors.join('；')}`);
    else {
      result.plugins.push(read.plugin);
      if (read.plugin.refusal) result.problems.push(`插件 ${folder}（${dir}）不兼容，未运行：${read.plugin.refusal}`);
      const unknown = await unknownIcons(read.plugin, icons);
      if (unknown.length) {
        result.problems.push(`插件 ${folder}（${dir}）的图标名不是 Fluent UI 图标，显示为 ${FALLBACK_ICON} 图标：${unknown.join('、')}（图标名见 ${FLUENT_ICON_CATALOGUE}）`);
      }
    }
  }
  return result;
}
