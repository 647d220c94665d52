import type { Kysely } from 'kysely';
import type { InstalledPlugin } from '../installed-plugins/installed-plugin-record';
import { setPartCommandEncoders } from '../commands/contributed-commands';
import { dropPluginSchema, pluginSchemaName } from '../store/plugin-part-schema';
import { PartDataTaps } from './part-data-taps';
import { PartFaults } from './part-faults';
import type { TenantGrants } from './tenant-grants';
import { loadServerPart, partVersion, type LoadedPart, type PartLoadEnv, type PartPlatformServices } from './server-part-loader';

export interface ServerPartsOptions {
  /** PLUGIN_SERVER_PARTS: off loads no server part at all. */
  enabled: boolean;
  db: Kysely<unknown>;
  platformSchema?: string;
  services: PartPlatformServices;
  /** PLUGINS_DIR: named as such, not by its path, in the reasons the console shows. */
  pluginsDir: string;
  /** Drop the plugins' schemas when the server stops (tests on a throwaway PostgreSQL schema). */
  dropSchemasOnClose?: boolean;
  /** Which platforms each tenant has: only tenants with the plugin feed its part. */
  grants: TenantGrants;
}

/** The state of one installed plugin's server part. */
export type PartState =
  | { status: 'running'; version: string; part: LoadedPart }
  | { status: 'failed'; version: string; platformId: number; error: string }
  /** PLUGIN_SERVER_PARTS=off, or its plugin is built for another SDK: never loaded. */
  | { status: 'off'; version: string; platformId: number; reason: string };

/**
 * The server parts of the plugins installed in PLUGINS_DIR, kept in step with every read of the
 * folder: a part that appears is loaded, one whose file changed is loaded again, one whose folder
 * went is stopped. A part that fails is set aside with its reason (logged once, in Chinese) and
 * everything else keeps running.
 */
export class ServerParts {
  private readonly states = new Map<string, PartState>();
  private readonly schemas = new Set<string>();
  private queue: Promise<void> = Promise.resolve();
  private readonly faults = new PartFaults((systemId, err) => this.fault(systemId, err));
  /** The platform's data for the parts: decoded readings, committed positions and alarms they subscribed to. */
  readonly taps: PartDataTaps;

  constructor(private readonly options: ServerPartsOptions) {
    if (options.enabled) this.faults.hold();
    this.taps = new PartDataTaps({
      running: () => this.running(),
      run: (systemId, fn) => this.faults.run(systemId, fn),
      fault: (systemId, err) => this.fault(systemId, err),
      warn: (systemId, msg) => this.options.services.log.warn({ plugin: systemId }, msg),
    }, options.grants);
  }

  /** The parts that run now. */
  *running(): IterableIterator<LoadedPart> {
    for (const state of this.states.values()) if (state.status === 'running') yield state.part;
  }

  /** Runs code of a part (a route handler) as the part's: an error it leaves uncaught stops the part, not the server. */
  run<T>(systemId: string, fn: () => T): T {
    return this.faults.run(systemId, fn);
  }

  /** The state of the part of that systemId, undefined when its plugin has none (or is not installed). */
  find(systemId: string): PartState | undefined {
    return this.states.get(systemId);
  }

  /** Why the part of that plugin is not running, for the console's 插件加载失败; undefined when it runs or has none. */
  serverError(systemId: string): string | undefined {
    const state = this.states.get(systemId);
    return state?.status === 'failed' ? state.error : undefined;
  }

  /** Brings the parts in step with the installed plugins (calls run one after the other). */
  sync(installed: readonly InstalledPlugin[]): Promise<void> {
    const run = this.queue.then(() => this.apply(installed));
    this.queue = run.catch(() => {});
    return run;
  }

  /** Stops every part's jobs (and drops their schemas when asked to). */
  close(): Promise<void> {
    const run = this.queue.then(async () => {
      for (const systemId of [...this.states.keys()]) await this.stop(systemId);
      this.faults.release();
      if (this.options.dropSchemasOnClose) for (const schema of this.schemas) await dropPluginSchema(this.options.db, schema).catch(() => {});
    });
    this.queue = run.catch(() => {});
    return run;
  }

  private async apply(installed: readonly InstalledPlugin[]): Promise<void> {
    const wanted = new Map(installed.filter((p) => p.serverEntry).map((p) => [p.record.systemId, p]));
    for (const systemId of [...this.states.keys()]) {
      if (!wanted.has(systemId)) {
        await this.stop(systemId);
        this.options.services.log.info({ plugin: systemId }, `插件 ${systemId} 已移除，其服务端已停止`);
      }
    }
    for (const [systemId, plugin] of wanted) {
      const version = `${plugin.record.platformId}:${JSON.stringify(plugin.menus)}:${await partVersion(plugin)}`;
      if (this.states.get(systemId)?.version === version) continue;
      await this.stop(systemId);
      const state = await this.start(plugin as InstalledPlugin & { serverEntry: string }, version);
      this.states.set(systemId, state);
      // 指令下发 sends its plugin's command types through its encoders, run as its code
      if (state.status === 'running') setPartCommandEncoders(systemId, { encoders: state.part.commands, run: (fn) => this.faults.run(systemId, fn) });
    }
  }

  private async start(plugin: InstalledPlugin & { serverEntry: string }, version: string): Promise<PartState> {
    const { systemId, platformId } = plugin.record;
    const { log } = this.options.services;
    if (!this.options.enabled) {
      log.info({ plugin: systemId }, `插件服务端已关闭（PLUGIN_SERVER_PARTS=off），未加载插件 ${systemId} 的服务端`);
      return { status: 'off', version, platformId, reason: '插件服务端已被管理员关闭（PLUGIN_SERVER_PARTS=off）' };
    }
    if (plugin.refusal) return { status: 'off', version, platformId, reason: plugin.refusal };
    if (!plugin.record.enabled) return { status: 'off', version, platformId, reason: '插件已停用（manifest.json 的 enabled 为 false）' };
    let schema: string | undefined;
    try {
      schema = pluginSchemaName(systemId, this.options.platformSchema);
    } catch {
      // a name too long: the load below fails with the reason
    }
    // cold-chain and cold_chain would share plugin_cold_chain: the first one keeps it
    const holder = [...this.states].find(([id, s]) => id !== systemId && s.status === 'running' && s.part.schema === schema)?.[0];
    if (schema && holder) return this.failed(systemId, platformId, version, `数据库 schema ${schema} 已被插件 ${holder} 使用，请更换 systemId`);
    // dropped on close with the others even when its migration failed half way
    if (schema) this.schemas.add(schema);
    const env: PartLoadEnv = { db: this.options.db, platformSchema: this.options.platformSchema, services: this.options.services };
    try {
      const part = await this.faults.run(systemId, () => loadServerPart(plugin, version, env));
      this.schemas.add(part.schema);
      if (part.ignored.length) log.warn({ plugin: systemId }, `插件 ${systemId} 的服务端声明了已安装插件不支持的内容，已忽略：${part.ignored.join('、')}`);
      log.info({ plugin: systemId }, `插件 ${systemId} 的服务端已加载（${part.routes.entries.length} 个接口，数据库 schema ${part.schema}）`);
      return { status: 'running', version, part };
    } catch (err) {
      return this.failed(systemId, platformId, version, err instanceof Error ? err.message : String(err));
    }
  }

  private failed(systemId: string, platformId: number, version: string, reason: string): PartState {
    const error = `插件 ${systemId} 的服务端加载失败：${reason.split(this.options.pluginsDir).join('PLUGINS_DIR')}`;
    this.options.services.log.error({ plugin: systemId }, error);
    return { status: 'failed', version, platformId, error };
  }

  /** A running part threw where nothing caught it: logged once, stopped, and its routes and the console say so. */
  private fault(systemId: string, err: unknown): void {
    const state = this.states.get(systemId);
    if (state?.status !== 'running') return;
    const reason = (err instanceof Error ? err.message : String(err)).split(this.options.pluginsDir).join('PLUGINS_DIR');
    const error = `插件 ${systemId} 的服务端运行出错，已停止：${reason}`;
    this.options.services.log.error({ plugin: systemId, err }, error);
    this.states.set(systemId, { status: 'failed', version: state.version, platformId: state.part.platformId, error });
    setPartCommandEncoders(systemId, undefined);
    this.taps.forget(state.part);
    void state.part.close();
  }

  private async stop(systemId: string): Promise<void> {
    const state = this.states.get(systemId);
    this.states.delete(systemId);
    setPartCommandEncoders(systemId, undefined);
    if (state?.status === 'running') {
      this.taps.forget(state.part);
      await state.part.close();
    }
  }
}
