import type { ManifestRecord } from '@tianlu/sdk/plugin';
import { parseContributions } from '../../sdk/extension-points';
import { parsePluginSettings, type PluginSettingField } from '../../sdk/plugin-settings';
import { SDK_VERSION } from '../../sdk/version';
import satisfies from 'semver/functions/satisfies';
import validRange from 'semver/ranges/valid';

/** A page's button of an installed plugin: a resource of type 3 under its menu. */
export interface InstalledButton {
  id: number;
  title: string;
}

/** A menu entry an installed plugin declares in its manifest.json; becomes a resource roles can grant. */
export interface InstalledMenu {
  id: number;
  title: string;
  path?: string;
  icon?: string;
  children?: InstalledMenu[];
  buttons?: InstalledButton[];
}

/** One folder of PLUGINS_DIR that passed validation. */
export interface InstalledPlugin {
  /** The record as the console's manifest lists it (the spec's eleven fields). */
  record: ManifestRecord;
  menus: InstalledMenu[];
  /** The folder holding manifest.json and the built files. */
  dir: string;
  /** Its built server part, relative to `dir` (`serverEntry` of manifest.json, e.g. `server/index.js`), when it has one. */
  serverEntry?: string;
  /** The SDK range the plugin was built for (`sdk` of manifest.json), when it states one. */
  sdk?: string;
  /**
   * Why the platform will not run it, in Chinese: its SDK range does not admit this platform's SDK.
   * The plugin stays listed (its ids stay taken) and its entry answers with this message.
   */
  refusal?: string;
  /** Its settings per tenant (`settings` of manifest.json), when it declares any. */
  settings?: PluginSettingField[];
}

/** The Chinese refusal of a plugin built for an SDK range this platform's SDK is outside of; undefined when it fits. */
export function sdkRefusal(range: string, version: string = SDK_VERSION): string | undefined {
  if (satisfies(version, range)) return undefined;
  return `插件需要天路 SDK ${range}，本平台的 SDK 版本是 ${version}，请安装与平台版本相符的插件`;
}

const SYSTEM_ID = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
const BASE_PATH = /^\/[A-Za-z][A-Za-z0-9_-]*\/$/;
const MAX_ID = 2_147_483_647;

type Raw = Record<string, unknown>;

const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= MAX_ID;
const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

function checkButtons(raw: unknown, at: string, errors: string[]): InstalledButton[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    errors.push(`${at}.buttons 必须是数组`);
    return [];
  }
  return raw.flatMap((b, i) => {
    const where = `${at}.buttons[${i}]`;
    if (!isObject(b) || !isId(b.id) || !isText(b.title)) {
      errors.push(`${where} 必须包含正整数 id 和非空 title`);
      return [];
    }
    return [{ id: b.id, title: b.title }];
  });
}

function checkMenus(raw: unknown, at: string, basePath: string, errors: string[]): InstalledMenu[] {
  if (!Array.isArray(raw)) {
    errors.push(`${at} 必须是数组`);
    return [];
  }
  return raw.flatMap((m, i) => {
    const where = `${at}[${i}]`;
    if (!isObject(m)) {
      errors.push(`${where} 必须是对象`);
      return [];
    }
    const before = errors.length;
    if (!isId(m.id)) errors.push(`${where}.id 必须是正整数（菜单的资源编号）`);
    if (!isText(m.title)) errors.push(`${where}.title 不能为空`);
    if (m.path !== undefined && (typeof m.path !== 'string' || !m.path.startsWith(basePath))) errors.push(`${where}.path 必须以 ${basePath} 开头`);
    if (m.icon !== undefined && typeof m.icon !== 'string') errors.push(`${where}.icon 必须是字符串`);
    const children = m.children === undefined ? [] : checkMenus(m.children, `${where}.children`, basePath, errors);
    const buttons = checkButtons(m.buttons, where, errors);
    if (errors.length > before) return [];
    const menu: InstalledMenu = { id: m.id as number, title: m.title as string };
    if (typeof m.path === 'string') menu.path = m.path;
    if (typeof m.icon === 'string') menu.icon = m.icon;
    if (children.length) menu.children = children;
    if (buttons.length) menu.buttons = buttons;
    return [menu];
  });
}

/**
 * Checks one manifest.json against the spec's record (plus optional `menus`). `folder` is the
 * directory name, which must equal the systemId. Returns the problems in Chinese, or the plugin.
 */
export function parseInstalledRecord(raw: unknown, folder: string, dir: string): { plugin: InstalledPlugin } | { errors: string[] } {
  if (!isObject(raw)) return { errors: ['manifest.json 必须是一个 JSON 对象（一条子应用记录）'] };
  const errors: string[] = [];
  const { platformId, systemId, path } = raw;
  if (!isId(platformId)) errors.push('platformId 必须是正整数');
  if (typeof systemId !== 'string' || !SYSTEM_ID.test(systemId)) errors.push('systemId 只能包含字母、数字、- 和 _，并以字母开头');
  else if (systemId !== folder) errors.push(`systemId（${systemId}）必须与目录名（${folder}）相同`);
  for (const key of ['name', 'title'] as const) if (!isText(raw[key])) errors.push(`${key} 不能为空`);
  for (const key of ['developmentEntry', 'icon', 'created', 'iconfont'] as const) if (typeof raw[key] !== 'string') errors.push(`${key} 必须是字符串`);
  const entryPrefix = `/child/${folder}/`;
  const entry = raw.productionEntry;
  if (typeof entry !== 'string' || !entry.startsWith(entryPrefix) || !entry.endsWith('.js') || entry.slice(entryPrefix.length).split('/').some((s) => s === '..' || s === '.' || s === '')) {
    errors.push(`productionEntry 必须是 ${entryPrefix} 下的 .js 文件，例如 ${entryPrefix}index.js`);
  }
  if (typeof path !== 'string' || !BASE_PATH.test(path)) errors.push('path 必须形如 /hello/（子应用的基础路径）');
  if (typeof raw.enabled !== 'boolean') errors.push('enabled 必须是 true 或 false');
  const sdk = raw.sdk;
  if (sdk !== undefined && (typeof sdk !== 'string' || validRange(sdk) === null)) errors.push('sdk 必须是天路 SDK 的版本范围，例如 ^1.0.0');
  const serverEntry = raw.serverEntry;
  if (serverEntry !== undefined && (typeof serverEntry !== 'string' || !/\.m?js$/.test(serverEntry) || serverEntry.split('/').some((s) => s === '..' || s === '.' || s === '' || s.includes('\\')))) {
    errors.push('serverEntry 必须是插件目录中的 .js 文件，例如 server/index.js');
  }
  const menus = raw.menus === undefined ? [] : checkMenus(raw.menus, 'menus', typeof path === 'string' ? path : '/', errors);
  const contributed = raw.contributes === undefined ? undefined : parseContributions(raw.contributes);
  if (contributed && 'errors' in contributed) errors.push(...contributed.errors);
  const settings = raw.settings === undefined ? undefined : parsePluginSettings(raw.settings);
  if (settings && 'errors' in settings) errors.push(...settings.errors);
  if (errors.length) return { errors };
  const record: ManifestRecord = {
    platformId: platformId as number,
    systemId: systemId as string,
    name: raw.name as string,
    productionEntry: entry as string,
    developmentEntry: raw.developmentEntry as string,
    title: raw.title as string,
    icon: raw.icon as string,
    path: path as string,
    created: raw.created as string,
    iconfont: raw.iconfont as string,
    enabled: raw.enabled as boolean,
    ...(contributed && 'contributions' in contributed && { contributes: contributed.contributions }),
  };
  const plugin: InstalledPlugin = { record, menus, dir };
  if (typeof serverEntry === 'string') plugin.serverEntry = serverEntry;
  if (settings && 'settings' in settings && settings.settings.length) plugin.settings = settings.settings;
  if (typeof sdk === 'string') {
    plugin.sdk = sdk;
    const refusal = sdkRefusal(sdk);
    if (refusal) plugin.refusal = refusal;
  }
  return { plugin };
}

/** Every resource id a plugin's menus declare (menus, children, buttons). */
export function menuResourceIds(menus: readonly InstalledMenu[]): number[] {
  return menus.flatMap((m) => [m.id, ...(m.buttons ?? []).map((b) => b.id), ...menuResourceIds(m.children ?? [])]);
}
