/**
 * The test kit of a plugin page: the page runs in the real kernel against the real server (its API
 * on a fresh in-memory database, or a schema of its own on PostgreSQL when DATABASE_URL is set),
 * logged in through the real login. A renamed field on either side fails the page's test, not only
 * the browser scenarios.
 *
 * ```tsx
 * const kit = await startPageServer();            // once per file (beforeAll), kit.close() in afterAll
 * await kit.render(<NoticePage />);               // logged in as the demo tenant's admin
 * expect(await screen.findByText('欢迎使用天路')).toBeTruthy();
 * expect(kit.requests('/car/v1/helpCenter/helpMessage/pageHelpMessage')[0]?.query).toEqual({ current: '1', pageSize: '10' });
 * ```
 *
 * With `live: true` the server also listens on a local port and the kernels rendered connect their
 * live channel (/ws) to it: a test device reporting to the gateways (`kit.terminal` for JT/T 808,
 * `kit.gt06Terminal` for an e-bike guard or collar, `kit.watchTerminal` for a badge, watch or collar)
 * reaches the page as it would in the browser.
 *
 * ```tsx
 * const guard = await kit.gt06Terminal('358710060000017');    // provisioned first (store.fleet.provision)
 * await guard.report({ battery: 78, batteryVolts: 50.4, armed: true });  // resolves once committed
 * ```
 */
import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse } from 'axios';
import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { LiveService, PermissionService, PluginRegistry, ServiceProvider, SessionService, type ManifestRecord, type ServiceGetter, type User } from '@tianlu/sdk';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Container } from 'inversify';
import { createKernel } from '../core';
import type { KernelOptions, WebSocketLike } from '../core/kernel-tokens';
import { pluginLoadersFromGlob } from '../host/app/create-app-container';
import { Gt06TestTerminal, type Gt06TestTerminalOptions } from '../server/gateway/testing/gt06-test-terminal';
import { Jt808TestTerminal } from '../server/gateway/testing/jt808-test-terminal';
import { pollUntil } from '../server/testing/poll-until';
import { createTestServer, type TestServer, type TestServerOptions } from '../server/testing/test-server';
import { WatchTestDevice } from '../server/testing/watch-test-device';

/** A request the page made, as the server received it. */
export interface PageRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The decoded body: JSON, a form's fields, or undefined. */
  body: unknown;
  /** The envelope's flag the server answered with (undefined for a file). */
  flag: number | undefined;
  /** The envelope's obj (undefined for a file). */
  answer: unknown;
}

export interface PageServer {
  server: TestServer;
  /** The axios adapter that sends the console's requests to the server. */
  adapter: AxiosAdapter;
  /** The requests made since the start (or the last `forget()`), optionally only those to `path`. */
  requests(path?: string): PageRequest[];
  forget(): void;
  /**
   * A user of the demo tenant (天路演示) with a role of its own holding `platforms` and `resources`
   * (menu and button ids); its password is the demo admin's.
   */
  addUser(spec: UserSpec): Promise<AddedUser>;
  /**
   * A JT/T 808 terminal of a provisioned `terminalNo` connected to the gateway and logged in (register
   * and authenticate): what it reports through `sendLocation` is committed once `ackFor` its serial answers.
   */
  terminal(terminalNo: string): Promise<Jt808TestTerminal>;
  /**
   * A GT06 device (e-bike guard, collar) of a provisioned IMEI connected to the GT06 gateway and logged
   * in: what it reports through `report` is committed once that resolves; the platform's commands
   * are answered by `options.answer` or taken with `nextCommand`.
   */
  gt06Terminal(imei: string, options?: Gt06TestTerminalOptions): Promise<Gt06TestTerminal>;
  /**
   * A watch-protocol device (badge, watch, collar) of a provisioned IMEI connected to the watch gateway
   * and linked (LK): what it reports through `report` is committed once that resolves.
   */
  watchTerminal(imei: string): Promise<WatchTestDevice>;
  /** The live channels of the kernels rendered (with `live: true`). */
  live: LiveChannels;
  /**
   * Holds the server's answer to the next request to `path` (the server handles it at once) until
   * `release()`: what the page does while its request is under way.
   */
  hold(path: string): HeldAnswer;
  /**
   * The server fails the next request to `path` as an unexpected error in it would (its database gone
   * away): it answers flag 500 服务器内部错误. What a page shows when a load fails, and what 重试 then does.
   */
  failNext(path: string): void;
  /**
   * The sub-application records the server serves now (/plugins.manifest.json: the built-ins with their
   * contributions, then the plugins installed in its PLUGINS_DIR). Given as the kernel option `manifest`
   * to `login` or `render`, the kernel also reads the user's granted platforms, as the console does on
   * start: the extension points then list what the user's sub-applications contribute.
   */
  manifest(): Promise<ManifestRecord[]>;
  /** A fresh kernel logged in as `account` (default the demo admin), its grants loaded: what a store under test is given. */
  login(who?: { account: string; password: string }, options?: PageKernelOptions): Promise<{ kernel: Container; user: User }>;
  /**
   * A route's `prefetch` run by a fresh kernel logged in as `who` (default the demo admin), the
   * requests forgotten before it; resolves once each of `paths` has been asked, with that kernel:
   * a page or store given it then finds those answers under way (see `askedTimes`).
   */
  askAhead(prefetch: (get: ServiceGetter) => void, paths: readonly string[], who?: { account: string; password: string }): Promise<Container>;
  /** How many times each of `paths` was asked since the start or the last `forget()`. */
  askedTimes(paths: readonly string[]): number[];
  /** A fresh kernel logged in as `account` (default the demo admin), its grants loaded, rendering `page`. */
  render(page: ReactElement, who?: { account: string; password: string }, options?: PageKernelOptions): Promise<RenderedPage>;
  close(): Promise<void>;
}

/** The kernel of a page under test. */
export type PageKernelOptions = Omit<KernelOptions, 'httpAdapter'> & {
  /**
   * Start as the shell does: the manifest the server serves and the sub-applications the user's role
   * is granted are read, and the built-in plugins load on demand, so what other sub-applications
   * contribute to the page (its extension points) is there.
   */
  plugins?: boolean;
};

export interface LiveChannels {
  /** Drops every open live channel, as a lost connection does; the pages' reconnects wait until `resume()`. */
  cut(): void;
  /** Lets the waiting reconnects through. */
  resume(): void;
}

export interface HeldAnswer {
  /** Resolves once the request arrived and the server answered it (in `requests()`; the page has no answer yet). */
  readonly answered: Promise<void>;
  release(): void;
}

export interface UserSpec {
  account: string;
  /** Default: the account. */
  name?: string;
  /** Default: 角色<account>. */
  role?: string;
  platforms?: number[];
  resources?: number[];
  /** The groups the user is limited to (default: the whole tenant). */
  groupIds?: number[];
}

export interface AddedUser {
  account: string;
  password: string;
  userId: number;
  roleId: number;
}

export interface RenderedPage extends RenderResult {
  container: HTMLElement;
  kernel: Container;
  user: User;
}

/** The demo profile's administrator of 天路演示. */
export const DEMO_ADMIN = { account: 'admin', password: 'Admin@123' } as const;
/** The demo profile's second tenant (其他公司). */
export const OTHER_TENANT = { account: 'other', password: 'Other@123' } as const;

function decodeBody(data: unknown, contentType: string): unknown {
  if (data === undefined || data === null) return undefined;
  if (typeof data !== 'string') return data;
  if (contentType.includes('x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(data));
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

export type PageServerOptions = TestServerOptions & {
  /** Listen on a local port so that the kernels rendered reach the live channel (/ws). */
  live?: boolean;
  /**
   * Plugins installed in the server's PLUGINS_DIR, each its manifest.json (a folder named after its
   * systemId, with an empty entry module): what an operator drops there, extension points included.
   */
  installed?: readonly (Record<string, unknown> & { systemId: string })[];
};

/** A PLUGINS_DIR of its own holding `installed`. */
async function pluginsDirWith(installed: NonNullable<PageServerOptions['installed']>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'tianlu-page-plugins-'));
  for (const manifest of installed) {
    const folder = join(dir, manifest.systemId);
    await mkdir(folder);
    await writeFile(join(folder, 'manifest.json'), JSON.stringify(manifest));
    await writeFile(join(folder, 'index.js'), `export default { systemId: ${JSON.stringify(manifest.systemId)} };\n`);
  }
  return dir;
}

/**
 * A live channel whose socket opens once `gate` resolves (a reconnect held while the test acts), and
 * that a test can drop (`cut`) as a lost connection would be.
 */
class GatedWebSocket implements WebSocketLike {
  onopen: ((ev: Event) => unknown) | null = null;
  onmessage: ((ev: MessageEvent) => unknown) | null = null;
  onclose: ((ev: CloseEvent) => unknown) | null = null;
  onerror: ((ev: Event) => unknown) | null = null;
  private socket: WebSocket | undefined;
  private closed = false;

  constructor(url: string, gate: Promise<void>) {
    void gate.then(() => {
      if (this.closed) return;
      const socket = new WebSocket(url);
      this.socket = socket;
      socket.onopen = (ev) => this.onopen?.(ev);
      socket.onmessage = (ev) => this.onmessage?.(ev);
      socket.onclose = (ev) => this.onclose?.(ev);
      socket.onerror = (ev) => this.onerror?.(ev);
    });
  }

  get readyState(): number {
    return this.closed ? WebSocket.CLOSED : (this.socket?.readyState ?? WebSocket.CONNECTING);
  }

  send(data: string): void {
    this.socket?.send(data);
  }

  close(code?: number, reason?: string): void {
    this.closed = true;
    this.socket?.close(code, reason);
  }

  /** The connection is lost (not closed by the page): the page sees a close it did not ask for. */
  cut(): void {
    const socket = this.socket;
    if (!socket || this.closed) return;
    this.closed = true;
    socket.onclose = null;
    socket.close();
    this.onclose?.(new CloseEvent('close', { code: 1006, reason: '', wasClean: false }));
  }
}

/** Blob bytes: jsdom's Blob has no arrayBuffer(); FileReader reads it. */
function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/** A form (an upload) as the browser sends it: multipart/form-data with its boundary. */
async function multipart(form: FormData): Promise<{ payload: Buffer; contentType: string }> {
  const boundary = `----tianlu-page-kit-${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.name}"\r\nContent-Type: ${value.type || 'application/octet-stream'}\r\n\r\n`;
      parts.push(Buffer.from(head), Buffer.from(await bytesOf(value)), Buffer.from('\r\n'));
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The built-in plugins, loaded when a page kernel started with `plugins` needs one. */
const BUILT_IN_PLUGINS = pluginLoadersFromGlob(import.meta.glob('../plugins/*/*-plugin.tsx'));

/** A server on a fresh database with the demo tenants (and no simulated fleet unless asked). */
export async function startPageServer({ live = false, installed, ...options }: PageServerOptions = {}): Promise<PageServer> {
  const failing = new Set<string>();
  const pluginsDir = installed && (await pluginsDirWith(installed));
  const server = await createTestServer({
    demo: true,
    simulate: false,
    ...options,
    ...(pluginsDir && { config: { ...options.config, pluginsDir } }),
    beforeRoutes: async (app) => {
      app.addHook('onRequest', async (request) => {
        if (failing.delete(request.url.split('?')[0]!)) throw new Error('the next request was set to fail');
      });
      await options.beforeRoutes?.(app);
    },
  });
  let log: PageRequest[] = [];
  const kernels: Container[] = [];
  const terminals: { close(): void }[] = [];
  const holds = new Map<string, { release: Promise<void>; answered: () => void }>();
  let liveUrl: string | undefined;
  if (live) {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    liveUrl = `ws://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/ws`;
  }
  const sockets: GatedWebSocket[] = [];
  let liveGate = Promise.resolve();
  let resumeLive = () => {};
  // the page asks for /ws on its own origin; the live channel is on the port the server listens on
  const webSocketFactory = liveUrl
    ? (): WebSocketLike => {
      const socket = new GatedWebSocket(liveUrl, liveGate);
      sockets.push(socket);
      return socket;
    }
    : undefined;

  const adapter: AxiosAdapter = async (config) => {
    const url = new URL(config.url ?? '', 'http://console.test');
    const params = (config.params ?? {}) as Record<string, unknown>;
    for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) url.searchParams.append(k, String(v));
    const headers = AxiosHeaders.from(config.headers as AxiosHeaders).toJSON() as Record<string, string>;
    const contentType = String(headers['Content-Type'] ?? headers['content-type'] ?? '');
    const method = (config.method ?? 'get').toUpperCase() as 'GET' | 'POST';
    let payload: string | Uint8Array | undefined;
    if (config.data instanceof FormData) {
      const form = await multipart(config.data);
      payload = form.payload;
      for (const key of Object.keys(headers)) if (key.toLowerCase() === 'content-type') delete headers[key];
      headers['content-type'] = form.contentType;
    } else {
      payload = typeof config.data === 'string' || config.data instanceof Uint8Array ? config.data : config.data === undefined ? undefined : JSON.stringify(config.data);
    }
    const res = await server.app.inject({ method, url: url.pathname + url.search, headers, ...(payload !== undefined && { payload }) });
    const type = String(res.headers['content-type'] ?? '');
    const json = type.includes('json');
    const data: unknown = json ? res.json() : config.responseType === 'blob' ? new Blob([new Uint8Array(res.rawPayload)], { type }) : res.body;
    log.push({
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: decodeBody(config.data, contentType),
      flag: json && data && typeof data === 'object' && 'flag' in data ? Number((data as { flag: unknown }).flag) : undefined,
      answer: json && data && typeof data === 'object' && 'obj' in data ? (data as { obj: unknown }).obj : undefined,
    });
    const hold = holds.get(url.pathname);
    if (hold) {
      holds.delete(url.pathname);
      hold.answered();
      await hold.release;
    }
    const response: AxiosResponse = {
      data,
      status: res.statusCode,
      statusText: res.statusMessage,
      headers: new AxiosHeaders(Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)]))),
      config,
      request: {},
    };
    if (res.statusCode >= 400) throw new AxiosError(`Request failed with status code ${res.statusCode}`, AxiosError.ERR_BAD_RESPONSE, config, {}, response);
    return response;
  };

  async function login(who: { account: string; password: string } = DEMO_ADMIN, { plugins = false, ...kernelOptions }: PageKernelOptions = {}) {
    const shell = plugins && {
      manifest: (await server.app.inject({ method: 'GET', url: '/plugins.manifest.json' })).json<ManifestRecord[]>(),
      pluginLoaders: BUILT_IN_PLUGINS,
    };
    const kernel = createKernel({ ...(webSocketFactory && { webSocketFactory }), ...shell, ...kernelOptions, httpAdapter: adapter });
    kernels.push(kernel);
    const session = kernel.get<SessionService>(SessionService);
    const user = await session.loginWithPassword({ account: who.account, password: who.password }, await session.loginPage(who.account));
    await kernel.get<PermissionService>(PermissionService).load();
    if (plugins || kernelOptions.manifest) await kernel.get<PluginRegistry>(PluginRegistry).loadSystems();
    return { kernel, user };
  }

  return {
    server,
    adapter,
    requests: (path) => (path ? log.filter((r) => r.path === path) : [...log]),
    forget: () => {
      log = [];
    },
    async manifest() {
      const res = await server.app.inject({ method: 'GET', url: '/plugins.manifest.json' });
      return res.json<ManifestRecord[]>();
    },
    async addUser(spec) {
      const { store } = server;
      const admin = (await store.users.findByAccount(DEMO_ADMIN.account))!;
      const role = await store.org.ensureRole(admin.tenantId, spec.role ?? `角色${spec.account}`);
      if (spec.platforms?.length) await store.org.grantPlatforms(role.id, spec.platforms);
      if (spec.resources?.length) await store.org.grantResources(role.id, spec.resources);
      const userId = await store.users.create({
        account: spec.account, passwordHash: admin.passwordHash, name: spec.name ?? spec.account, phone: null, tenantId: admin.tenantId, roleId: role.id, passwordChangedAt: new Date(0),
      });
      if (spec.groupIds?.length) await store.db.insertInto('user_groups').values(spec.groupIds.map((group_id) => ({ user_id: userId, group_id }))).execute();
      return { account: spec.account, password: DEMO_ADMIN.password, userId, roleId: role.id };
    },
    async terminal(terminalNo) {
      const terminal = await Jt808TestTerminal.connect(server.fleet.gateway!.port, terminalNo.padStart(12, '0'));
      terminals.push(terminal);
      await terminal.login();
      return terminal;
    },
    async gt06Terminal(imei, options) {
      const terminal = await Gt06TestTerminal.connect(server.fleet.devices.gt06!.port, imei, options);
      terminals.push(terminal);
      await terminal.login();
      return terminal;
    },
    async watchTerminal(imei) {
      const committed = async (timeMs: number) => {
        await pollUntil(
          () => server.store.db.selectFrom('positions').innerJoin('terminals', 'terminals.id', 'positions.terminal_id')
            .select('positions.device_time').where('terminals.terminal_no', '=', imei).where('positions.device_time', '=', new Date(timeMs)).executeTakeFirst(),
          (row) => row !== undefined, `${imei}'s report stored`,
        );
      };
      const device = await WatchTestDevice.open(server.fleet.devices.watch!.port, imei, { committed });
      terminals.push(device);
      await device.login();
      return device;
    },
    live: {
      cut() {
        liveGate = new Promise((resolve) => (resumeLive = resolve));
        for (const socket of sockets) socket.cut();
      },
      resume: () => resumeLive(),
    },
    hold(path) {
      let answeredNow = () => {};
      let release = () => {};
      const answered = new Promise<void>((resolve) => (answeredNow = resolve));
      holds.set(path, { answered: answeredNow, release: new Promise<void>((resolve) => (release = resolve)) });
      return { answered, release };
    },
    failNext(path) {
      failing.add(path);
    },
    login,
    async askAhead(prefetch, paths, who = DEMO_ADMIN) {
      const { kernel } = await login(who);
      log = [];
      prefetch((token) => kernel.get(token));
      const times = () => paths.map((path) => log.filter((r) => r.path === path).length);
      await pollUntil(async () => times(), (n) => n.every((t) => t > 0), `the prefetch's requests to ${paths.join(', ')}`, 10_000);
      return kernel;
    },
    askedTimes: (paths) => paths.map((path) => log.filter((r) => r.path === path).length),
    async render(page, who = DEMO_ADMIN, kernelOptions = {}) {
      const { kernel, user } = await login(who, kernelOptions);
      const rendered = render(<ServiceProvider container={kernel}>{page}</ServiceProvider>);
      return { ...rendered, kernel, user };
    },
    async close() {
      for (const kernel of kernels) kernel.get<LiveService>(LiveService).disconnect();
      resumeLive();
      for (const terminal of terminals) terminal.close();
      await server.close();
      if (pluginsDir) await rm(pluginsDir, { recursive: true, force: true });
    },
  };
}

/**
 * Gives jsdom's canvas a 2D context that draws nothing (jsdom has none), so the pages' ECharts charts
 * render real answers instead of failing; the returned function takes it back.
 */
export function drawChartsOnNothing(): () => void {
  const original = HTMLCanvasElement.prototype.getContext;
  const pixels = (w = 1, h = 1) => ({ data: new Uint8ClampedArray(Math.max(1, w * h) * 4), width: w, height: h });
  const known: Record<string, unknown> = {
    measureText: (text: string) => ({ width: String(text).length * 6 }),
    getImageData: (_x: number, _y: number, w: number, h: number) => pixels(w, h),
    createImageData: (w: number, h: number) => pixels(w, h),
    getLineDash: () => [],
  };
  // anything else: a call that returns something (a gradient, a pattern) taking any further call
  const sink: unknown = new Proxy(() => undefined, { get: (_t, key) => (key === 'then' ? undefined : sink), apply: () => sink });
  const context = new Proxy({} as Record<string | symbol, unknown>, {
    get: (target, key) => (key in target ? target[key] : typeof key === 'string' && key in known ? known[key] : sink),
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  });
  HTMLCanvasElement.prototype.getContext = function getContext() {
    return context;
  } as unknown as typeof original;
  return () => {
    HTMLCanvasElement.prototype.getContext = original;
  };
}

/** Test devices that report to the server's gateways (ports: `server.fleet.gateway.port`, `server.fleet.devices.gt06.port`, `server.fleet.devices.watch.port`). */
export { Gt06TestTerminal, Jt808TestTerminal, WatchTestDevice };
export type { Gt06TestCommand } from '../server/gateway/testing/gt06-test-terminal';
export type { TestDeviceReport } from '../server/gateway/testing/device-test-report';
/** What a JT/T 808 test terminal got: a 0x8300 text's flag and text, a 0x8900 passthrough's type and payload. */
export { decodePassthrough, decodeTextMessage } from '../server/gateway/jt808/index';

/** A local HTTP server standing in for a tenant's webhook receiver or a provider, and the receiver's signature check. */
export { startStandIn, type ReceivedRequest, type StandIn } from '../server/notify/testing/stand-in';
export { verifyWebhook } from '../server/notify/channels/webhook';

/** An .xlsx of one sheet: its header row, then `rows` (what a user fills an import template with). */
export { workbook } from '../server/testing/asset-admin';
