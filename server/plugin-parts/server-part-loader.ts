import { stat } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import { menuResourceIds, type InstalledPlugin } from '../installed-plugins/installed-plugin-record';
import { resolvePluginFile } from '../installed-plugins/plugin-file';
import type { PartAlarmWriter } from '../module/part-data';
import type { Closable, InstalledModuleContext, ModuleAlarms, ModuleExports, ModuleSettings } from '../module/server-module';
import { alarmTypesOf } from '../../sdk/extension-points';
import { migratePluginSchema, pluginSchemaName } from '../store/plugin-part-schema';
import type { PartData } from './part-data-shape';
import type { PartAlarmOwner } from './part-alarm-writer';
import { PartRouteTable } from './part-route-table';
import { readServerPart } from './server-part-shape';

/** The platform services an installed part is lent (with its own database handle added per part). */
export type PartPlatformServices = Omit<InstalledModuleContext, 'db' | 'schema' | 'log' | 'settings' | 'exports' | 'alarms'> & {
  log: InstalledModuleContext['log'] & { child(bindings: object): InstalledModuleContext['log'] };
  /** The settings of that plugin, per tenant. */
  settingsOf(systemId: string): ModuleSettings;
  /** Exports into 下载中心 named after that plugin. */
  exportsOf(plugin: InstalledPlugin): ModuleExports;
  alarms: ModuleAlarms;
  /** Opens and ends alarms of the types the plugin contributes (absent: the part's `raise` and `end` refuse). */
  alarmWriter?(owner: PartAlarmOwner): PartAlarmWriter;
};

export interface PartLoadEnv {
  db: Kysely<unknown>;
  /** The platform's PostgreSQL schema, when it runs in one of its own. */
  platformSchema?: string;
  services: PartPlatformServices;
}

/** A server part that runs: its routes answer, its jobs run until `close()`. */
export interface LoadedPart {
  systemId: string;
  platformId: number;
  schema: string;
  routes: PartRouteTable;
  services: unknown;
  context: InstalledModuleContext;
  /** Its subscriptions and reading decoders. */
  data: PartData;
  /** Fields of the contract it declared that installed parts do not get (logged once). */
  ignored: string[];
  /** Its encoders of its plugin's command types, by code. */
  commands: Record<string, (params: Record<string, unknown>) => unknown>;
  close(): Promise<void>;
}

/** Where a part's file is and which version of it (a changed file is a new version, loaded again). */
export async function partVersion(plugin: InstalledPlugin): Promise<string> {
  if (!plugin.serverEntry) return '';
  const file = await resolvePluginFile(plugin.dir, plugin.serverEntry);
  const info = file ? await stat(file).catch(() => undefined) : undefined;
  return `${plugin.serverEntry}:${info ? `${info.mtimeMs}:${info.size}` : 'missing'}`;
}

const unavailableAlarmWriter: PartAlarmWriter = {
  raise: () => Promise.reject(new Error('本平台未提供插件告警')),
  end: () => Promise.reject(new Error('本平台未提供插件告警')),
};

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

async function importPart(plugin: InstalledPlugin & { serverEntry: string }, version: string): Promise<unknown> {
  const file = await resolvePluginFile(plugin.dir, plugin.serverEntry);
  if (!file) throw new Error(`找不到服务端入口文件 ${plugin.serverEntry}`);
  let mod: { default?: unknown };
  try {
    // the version in the address: a changed file is imported afresh, not answered from the module cache
    mod = (await import(/* @vite-ignore */ `${pathToFileURL(file).href}?v=${encodeURIComponent(version)}`)) as { default?: unknown };
  } catch (err) {
    throw new Error(`导入 ${plugin.serverEntry} 时出错：${reasonOf(err)}`);
  }
  return mod.default;
}

/** Closes started jobs in reverse order; a job that fails to close is logged, the rest still close. */
async function closeJobs(started: { name: string; handle: Closable }[], log: InstalledModuleContext['log']): Promise<void> {
  for (const { name, handle } of started.splice(0).reverse()) {
    try {
      await handle.close();
    } catch (err) {
      log.error({ err, job: name }, `插件任务 ${name} 未能正常停止`);
    }
  }
}

/**
 * Loads a plugin's server part: imports its file, checks its shape (routes under its own prefix,
 * permissions among its own menu and button ids), migrates its schema, builds its services and
 * starts its jobs. Throws in Chinese at the first step that fails, with nothing left running.
 */
export async function loadServerPart(plugin: InstalledPlugin & { serverEntry: string }, version: string, env: PartLoadEnv): Promise<LoadedPart> {
  const { systemId, platformId } = plugin.record;
  const commandTypes = new Set((plugin.record.contributes?.commandTypes ?? []).map((t) => t.code));
  const read = readServerPart(await importPart(plugin, version), { systemId, resourceIds: new Set(menuResourceIds(plugin.menus)), commandTypes });
  if ('errors' in read) throw new Error(read.errors.join('；'));
  const { part } = read;
  const routes = new PartRouteTable(part.routes);
  const schema = pluginSchemaName(systemId, env.platformSchema);
  await migratePluginSchema(env.db, schema, part.migrations);
  const log = env.services.log.child({ plugin: systemId });
  const { settingsOf, exportsOf, alarmWriter, ...platform } = env.services;
  const owner: PartAlarmOwner = { systemId, platformId, alarmTypes: alarmTypesOf(plugin.record.contributes).map((t) => t.alarmType) };
  const writer = alarmWriter?.(owner) ?? unavailableAlarmWriter;
  const context: InstalledModuleContext = {
    ...platform, alarms: { ...platform.alarms, raise: writer.raise, end: writer.end }, log, db: env.db.withSchema(schema), schema,
    settings: settingsOf(systemId), exports: exportsOf(plugin),
  };
  let services: unknown;
  try {
    services = part.services?.(context as never);
  } catch (err) {
    throw new Error(`services 出错：${reasonOf(err)}`);
  }
  const started: { name: string; handle: Closable }[] = [];
  for (const job of part.jobs) {
    try {
      started.push({ name: job.name, handle: job.start(context as never, services) });
    } catch (err) {
      await closeJobs(started, log);
      throw new Error(`任务 ${job.name} 启动失败：${reasonOf(err)}`);
    }
  }
  return { systemId, platformId, schema, routes, services, context, data: part.data, ignored: part.ignored, commands: part.commands, close: () => closeJobs(started, log) };
}
