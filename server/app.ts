import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { alarmName } from './alarms/alarm-catalogue';
import { toAlarm } from './alarms/alarm-model';
import { parseAlarmTypes } from './api/alarm/alarm-query-routes';
import { createRouteRegistry } from './api/all-routes';
import type { AppDeps } from './api/app-deps';
import { answerFrameworkError, installErrorHandlers } from './api/error-handlers';
import { registerOpenApi } from './api/openapi-plugin';
import { registerRateLimits } from './api/rate-limits';
import { registerRoutes, type RouteRegistry } from './api/route-registry';
import { LoginService } from './auth/login-service';
import { SessionService } from './auth/session-service';
import { SmsLoginService } from './auth/sms-login-service';
import { createSmsProvider, type SmsProvider } from './auth/sms-provider';
import { loadNotifyKey, SecretBox } from './notify/secret-box';
import { TextMessageService } from './notify/text-messages';
import { systemClock, type Clock } from './clock';
import type { ServerConfig } from './config';
import { registerConsoleFiles } from './console-files';
import { ConsoleIndex } from './console-index';
import { ConsolePolicy } from './content-security-policy';
import { startFleetRuntime, type FleetRuntime } from './fleet-runtime';
import { GeocodeService } from './geocode/geocode-service';
import { InstalledPlugins } from './installed-plugins/installed-plugins';
import { partAlarmWriter } from './plugin-parts/part-alarm-writer';
import { partExports } from './plugin-parts/part-exports';
import { ServerParts } from './plugin-parts/server-parts';
import { TenantGrants } from './plugin-parts/tenant-grants';
import { PluginSettings } from './plugin-settings/plugin-settings';
import { realTimeSince } from './store/alarm-queries';
import { createStore, type Store } from './store/create-store';
import type { DatabaseOptions } from './store/open-database';
import { grantDemoAdminEverything, seedDemo } from './store/seed-demo';
import { registerLiveChannel } from './live/live-channel';
import { startModules } from './module/module-host';
import type { ModuleAlarms } from './module/server-module';
import { BUILT_IN_MODULES } from './modules/built-in-modules';
import { installSecurityHeaders, setSecurityHeaders } from './security-headers';

const BODY_LIMIT = 1024 * 1024;

export interface CreateServerOptions {
  config: ServerConfig;
  /** Seed the demo tenants, users, branding, dictionary and notices. */
  demo?: boolean;
  /** Fastify logger options; false for silence (tests). Default: LOG_LEVEL. */
  logger?: FastifyServerOptions['logger'];
  /** Injectable time (session expiry, code expiry in tests). */
  clock?: Clock;
  /** Replaces the provider named by SMS_PROVIDER, where texts go without an SMS channel (tests capture codes with it). */
  smsProvider?: SmsProvider;
  /** Database overrides: `pgliteDataDir: 'memory://'`, a throwaway PostgreSQL schema, ... */
  database?: Partial<DatabaseOptions>;
  /** Repository root (plugins.manifest.json); default the parent of server/. */
  rootDir?: string;
  /** Built console; served when it holds index.html. Default <rootDir>/dist; false: never. */
  distDir?: string | false;
  /** Runs before routes are added (dev.ts hooks Vite in here). */
  beforeRoutes?: (app: FastifyInstance) => Promise<void>;
  /** Start the JT/T 808 gateway on config.jt808Port (0: a free port). Default true. */
  gateway?: boolean;
  /** Demo profile: run the simulated fleet against the gateway. Default true (tests provision without it). */
  simulate?: boolean;
}

export interface TianluServer {
  app: FastifyInstance;
  store: Store;
  routes: RouteRegistry;
  /** Bus, gateway (its bound port: fleet.gateway.port) and the demo simulator. */
  fleet: FleetRuntime;
  /** Reverse geocoding (its offline dataset is loaded on first use, or by `geocoder.offline.load()`). */
  geocoder: GeocodeService;
  /** Stops the HTTP server and closes the database. */
  close(): Promise<void>;
}

// resolved from this file's path (a page test loads the server in a browser-like environment, where
// `new URL(…, import.meta.url)` is read as an asset address)
const defaultRootDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export async function createServer(opts: CreateServerOptions): Promise<TianluServer> {
  const { config } = opts;
  const clock = opts.clock ?? systemClock;
  const rootDir = opts.rootDir ?? defaultRootDir;
  const distDir = opts.distDir === false ? undefined : (opts.distDir ?? join(rootDir, 'dist'));
  const policy = new ConsolePolicy(config);
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    // answered before any hook runs, so they get the security headers here
    frameworkErrors: (error, request, reply) => {
      setSecurityHeaders(reply, policy);
      answerFrameworkError(error, request, reply);
    },
    // verbose: validation errors carry the schema, whose `title` names the field in Chinese.
    ajv: { customOptions: { verbose: true } },
  });

  const database: DatabaseOptions = {
    databaseUrl: config.databaseUrl,
    schema: config.databaseSchema,
    pgliteDataDir: join(resolve(config.dataDir), 'pglite'),
    onConnectionLost: (err) => app.log.warn({ err: err.message }, 'PostgreSQL dropped a connection'),
    ...opts.database,
  };
  const store = await createStore(database);
  app.addHook('onClose', () => store.close());
  installSecurityHeaders(app, policy);
  try {
    if (opts.demo) await seedDemo(store, clock.now());
    const plugins = new InstalledPlugins({
      pluginsDir: resolve(config.pluginsDir),
      rootDir,
      store,
      log: app.log,
      onRegistered: opts.demo ? () => grantDemoAdminEverything(store) : undefined,
    });
    // Registers the installed plugins' platforms before the first request; a bad folder is only skipped.
    await plugins.refresh().catch((err: unknown) => app.log.error({ err }, '读取插件目录失败'));
    // texts go through the tenant's (else the platform's) SMS channel; SMS_PROVIDER where there is none
    let box: Promise<SecretBox> | undefined;
    const texts = new TextMessageService({
      store,
      box: () => (box ??= loadNotifyKey(config.notifyKey, config.dataDir).then((key) => new SecretBox(key))),
      fallback: opts.smsProvider ?? createSmsProvider(config.smsProvider, app.log),
      log: app.log.child({ component: 'sms' }),
      now: () => clock.now(),
    });
    const deps: AppDeps = {
      config,
      store,
      clock,
      sessions: new SessionService(store, clock, config.sessionIdleMinutes),
      login: new LoginService(store, clock),
      smsLogin: new SmsLoginService(store, clock, texts),
      rootDir,
      exportDir: join(resolve(config.dataDir), 'exports'),
      plugins,
      pluginSettings: new PluginSettings(store.pluginSettings, plugins),
      geocoder: new GeocodeService({
        provider: config.geocoder,
        key: config.geocoderKey,
        onError: (err) => app.log.warn({ err }, '在线逆地理编码失败，改用离线数据'),
      }),
      modules: new Map(),
    };

    await app.register(formbody, { bodyLimit: BODY_LIMIT });
    // spreadsheet uploads (asset imports); each route sets its own file size limit
    await app.register(multipart, { limits: { files: 1, fields: 10, fileSize: 10 * BODY_LIMIT } });
    await registerOpenApi(app);
    const checkRateLimit = await registerRateLimits(app, config);
    const spa = distDir !== undefined && existsSync(join(distDir, 'index.html'));
    if (spa) deps.distDir = distDir;
    const index = spa ? new ConsoleIndex(app, join(distDir, 'index.html'), deps.sessions, join(rootDir, 'plugins.manifest.json')) : undefined;
    installErrorHandlers(app, { spa, index });
    await opts.beforeRoutes?.(app);
    if (spa && index) {
      await policy.useIndexFile(join(distDir, 'index.html'));
      await registerConsoleFiles(app, distDir, index);
    }
    const fleet = await startFleetRuntime({ config, store, clock, log: app.log, gateway: opts.gateway ?? true, demo: opts.demo ?? false, simulate: opts.simulate ?? true, modules: BUILT_IN_MODULES });
    // before the store closes (onClose): queued positions still commit and get acknowledged
    app.addHook('preClose', () => fleet.close());
    deps.fleet = fleet;
    // every instance's live channel hears it, whichever instance ended the session
    deps.sessions.announceTo((change) => fleet.bus.publish({ type: 'access', ...change }));
    // the modules' services and jobs (closed in reverse order when the server stops)
    const alarms: ModuleAlarms = {
      announceRaised: (row) => fleet.alarms.announceRaised(row), announceEnded: (row) => fleet.alarms.announceEnded(row),
      name: alarmName, view: toAlarm, parseTypes: parseAlarmTypes, realTimeSince,
    };
    const modules = startModules(BUILT_IN_MODULES, { store, db: store.db, clock, log: app.log, alarms, commands: fleet.commands, texts });
    app.addHook('preClose', () => modules.close());
    for (const [name, services] of modules.services) deps.modules.set(name, services);
    // the installed plugins' server parts: loaded now, then again on every read of PLUGINS_DIR
    const parts = new ServerParts({
      enabled: config.pluginServerParts,
      db: store.db as Kysely<unknown>,
      platformSchema: store.schema,
      services: {
        clock, log: app.log, alarms, commands: fleet.commands, texts,
        alarmWriter: (owner) => partAlarmWriter({ store, alarms }, owner),
        settingsOf: (systemId) => deps.pluginSettings.forPart(systemId),
        exportsOf: (plugin) => {
          const log = app.log.child({ plugin: plugin.record.systemId });
          return partExports(plugin.record.title, () => ({ exports: store.exports, clock, exportDir: deps.exportDir, bus: fleet.bus, log }));
        },
      },
      grants: new TenantGrants(store.org),
      pluginsDir: resolve(config.pluginsDir),
      dropSchemasOnClose: database.dropSchemaOnClose,
    });
    deps.serverParts = parts;
    // committed positions and alarms of this instance reach the parts (and their decoded readings the push)
    fleet.partData.positions = parts.taps;
    fleet.partData.alarms = (event, row) => parts.taps.alarm({ event, tenantId: row.tenantId, terminalId: row.terminalId, alarm: toAlarm(row) });
    // grants changed (a user or role edited): which tenants feed which part is read again on their next position
    const detachGrants = fleet.bus.subscribe((e) => { if (e.type === 'access') parts.taps.grants.forget(); });
    app.addHook('preClose', () => detachGrants());
    plugins.onRead((installed) => parts.sync(installed));
    await plugins.refresh().catch((err: unknown) => app.log.error({ err }, '读取插件目录失败'));
    app.addHook('preClose', () => parts.close());
    await registerLiveChannel(app, deps, fleet.bus);
    const routes = createRouteRegistry(BUILT_IN_MODULES);
    registerRoutes(app, routes, deps, checkRateLimit);
    await app.ready();
    return { app, store, routes, fleet, geocoder: deps.geocoder, close: () => app.close() };
  } catch (err) {
    await app.close();
    throw err;
  }
}
