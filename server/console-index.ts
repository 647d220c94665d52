import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { SessionService } from './auth/session-service';
import type { UserRecord } from './store/user-queries';

/** The id of the JSON script in index.html that the console reads at start instead of asking (core/boot/boot-data.ts). */
export const BOOT_ELEMENT_ID = 'tl-boot';
/** The cookie that lets index.html carry the logged-in user's start data; HttpOnly, never read by the console. */
export const SESSION_COOKIE = 'tl_session';

/** The answers the console would otherwise ask for first, each exactly as its own endpoint gives it. */
export const BOOT_CALLS = {
  branding: (host: string) => `/car/v1/api/custom/queryCustomInfo.json?url=${encodeURIComponent(host)}`,
  config: '/oauthToken/getConfig',
  manifest: '/plugins.manifest.json',
  platforms: (roleId: number) => `/car/v1/api/platform/getPlatformByRoleId.json?roleId=${roleId}`,
  resources: '/car/v1/api/resource/newList.json?version=v4&from=carWeb4',
  map: '/center/map/getMapConfig.json',
  loginPage: '/oauth/loginPage',
} as const;

export interface BootData {
  /** The site of the request's Host: its branding, the console settings and the sub-application manifest. */
  site: { host: string; branding?: unknown; config?: unknown; manifest?: unknown };
  /** Only for the session the request's own cookie proves. */
  session?: { userId: number; roleId: number; platforms?: unknown; resources?: unknown; map?: unknown };
  /** Only without a session: the login form's page key (the answer of /oauth/loginPage without an account). */
  visitor?: { loginPage?: unknown };
}

const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

/** JSON that cannot end its <script> element early or open a comment inside it (a site title may hold `</script>`). */
export function scriptSafeJson(data: unknown): string {
  return JSON.stringify(data).replace(UNSAFE_IN_SCRIPT, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The JSON script holding the boot data. */
export function bootScript(data: BootData): string {
  return `<script id="${BOOT_ELEMENT_ID}" type="application/json">${scriptSafeJson(data)}</script>`;
}

/** Splits index.html before `</body>`: the part sent at once, and the part sent after the boot data. */
function splitAtBodyEnd(html: string): [string, string] {
  const at = html.search(/<\/body>/i);
  return at === -1 ? [html, ''] : [html.slice(0, at), html.slice(at)];
}

/**
 * index.html with `<link rel="modulepreload">` for `files` and the style sheets of that code (`styles`)
 * at the end of its head: a lazily loaded part then finds its style sheet there instead of asking for
 * it, and waiting for it, as it is first imported.
 */
export function withModulePreloads(html: string, files: readonly string[], styles: readonly string[] = []): string {
  if (!files.length && !styles.length) return html;
  const links = styles.map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`).join('') + files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('');
  const at = html.search(/<\/head>/i);
  return at === -1 ? links + html : html.slice(0, at) + links + html.slice(at);
}

/** One chunk of the build manifest (dist/.vite/manifest.json). */
interface BuildChunk {
  file: string;
  name?: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/** A console path's page and the SDK views it draws, as sources of the build manifest (tools/build/route-pages-plugin.ts). */
interface RoutePage {
  page: string;
  views: string[];
}

/** One entry of route-pages.json: `{ page, views }`, or the page's source alone (a build before views were listed). */
function routePageOf(value: unknown): RoutePage[] {
  if (typeof value === 'string') return [{ page: value, views: [] }];
  const v = value as Partial<RoutePage> | null;
  if (typeof v?.page !== 'string') return [];
  return [{ page: v.page, views: Array.isArray(v.views) ? v.views.filter((x): x is string => typeof x === 'string') : [] }];
}

/** Console paths that are never inside the logged-in shell. */
const OUTSIDE_SHELL = new Set(['/login', '/reload', '/checkLogin']);
/** The http client's axios, loaded with the first request. */
const HTTP_CHUNK = '../core/http/axios-client.ts';
/**
 * The shell's own lazily loaded parts the first page of a logged-in user needs (the live channel and
 * the alarm desk's note field among them, and the SDK's table and pager most pages show), and those
 * of the login form.
 */
const SHELL_CHUNKS = [
  'layout/main-layout.tsx',
  'dialogs/global-dialogs.tsx',
  HTTP_CHUNK,
  '../core/live/live-connection.ts',
  '../sdk/components/textarea-view.tsx',
  '../sdk/components/data-table/data-table-view.tsx',
  '../sdk/components/pagination-bar/pagination-bar-view.tsx',
];
const LOGIN_CHUNKS = [HTTP_CHUNK];
/**
 * The console's start chunk (tools/build/boot-chunk-plugin.ts): the entry loads it, or the login
 * document, drawn from the chunk the entry imports itself, for a visitor's /login.
 */
const CONSOLE_CHUNK_NAME = 'boot';
/** Where a visitor's page opens at the login document, which loads none of the console. */
const LOGIN_DOCUMENT_PATH = '/login';

/** The code and style files a start page has the browser fetch early. */
interface Preloads {
  scripts: string[];
  styles: string[];
}

/** How many paths' preloads are remembered per build. */
const MAX_PRELOAD_PATHS = 2000;

/** `Set-Cookie` for a new session (a browser session cookie; the server's idle limit still ends it). */
export function sessionCookie(sessionId: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${sessionId}; Path=/; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/** `Set-Cookie` that removes the session cookie. */
export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0${secure ? '; Secure' : ''}`;
}

/** The value of cookie `name` in a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function isSecureRequest(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

/**
 * Answers the console's index.html with the start data inlined: the site's branding, settings
 * and manifest for everyone, the sub-applications and grants of the user whose session the
 * request's cookie proves (that page is then `no-store`), and for a visitor the login form's
 * page key. The endpoints themselves are unchanged
 * and still answer; the console asks them when the data is missing or belongs to another user.
 */
export class ConsoleIndex {
  private html: string | undefined;
  private readMtimeMs = -1;

  private build: { mtimeMs: number; chunks: Record<string, BuildChunk> } | undefined;
  /** The preloads found for each path, for the build they were found in. */
  private preloadsOf: { chunks: Record<string, BuildChunk>; byPath: Map<string, Preloads> } | undefined;
  private routePages: { mtimeMs: number; pages: Map<string, RoutePage> } | undefined;
  /** Base path of each sub-application (`/car/`) → its plugin's source in the build manifest. */
  private pluginSources: Promise<Map<string, string>> | undefined;

  constructor(
    private readonly app: FastifyInstance,
    private readonly file: string,
    private readonly sessions: Pick<SessionService, 'check'>,
    /** The repository's plugins.manifest.json (where each sub-application's plugin source is). */
    private readonly pluginManifestFile?: string,
  ) {}

  /**
   * Sends the page's head up to its own files (the entry, its start chunk, the style sheet) at
   * once, so the browser fetches them while the session is checked; then the module preloads of
   * the first route and the page up to `</body>`, so the browser fetches the route's code while the
   * boot data is gathered; the module scripts run only once the page is complete, after the boot data.
   */
  async send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const html = await this.read();
    const sessionId = cookieValue(request.headers.cookie, SESSION_COOKIE);
    const [head, tail] = splitAtBodyEnd(html);
    const headEnd = head.search(/<\/head>/i);
    const [start, rest] = headEnd === -1 ? ['', head] : [head.slice(0, headEnd), head.slice(headEnd)];
    const body = new PassThrough();
    body.write(start);
    void (async () => {
      const check = sessionId ? await this.sessions.check(sessionId).catch(() => undefined) : undefined;
      const user = check?.ok ? check.user : undefined;
      const preloads = await this.preloads(request.url.split('?')[0] ?? '/', user !== undefined).catch(() => ({ scripts: [], styles: [] }));
      body.write(withModulePreloads(rest, preloads.scripts, preloads.styles));
      const data = await this.bootData(request, user && sessionId ? { user, sessionId } : undefined).catch((): BootData => ({ site: { host: request.headers.host ?? '' } }));
      body.end(bootScript(data) + tail);
    })();
    return reply
      .type('text/html; charset=utf-8')
      // a page that may carry a user's data is never stored (decided before the session is checked)
      .header('cache-control', sessionId ? 'no-store' : 'no-cache')
      .header('vary', 'Cookie')
      .send(body);
  }

  async bootData(request: FastifyRequest, session?: { user: UserRecord; sessionId: string }): Promise<BootData> {
    const host = request.headers.host ?? '';
    const [branding, config, manifest, sessionData, loginPage] = await Promise.all([
      host ? this.call(BOOT_CALLS.branding(host)) : undefined,
      this.call(BOOT_CALLS.config),
      this.call(BOOT_CALLS.manifest),
      session && this.sessionData(session.user, session.sessionId),
      // counted against the visitor's own address, as the form's own request would be
      session ? undefined : this.call(BOOT_CALLS.loginPage, {}, request.ip),
    ]);
    return { site: { host, branding, config, manifest }, ...(sessionData && { session: sessionData }), ...(!session && { visitor: { loginPage } }) };
  }

  private async sessionData(user: UserRecord, sessionId: string): Promise<BootData['session']> {
    const headers = { sessionId, userId: String(user.id) };
    const [platforms, resources, map] = await Promise.all([
      this.call(BOOT_CALLS.platforms(user.roleId), headers),
      this.call(BOOT_CALLS.resources, headers),
      // the basemap a map page draws: its code and shapes load as the page first renders
      this.call(BOOT_CALLS.map, headers),
    ]);
    return { userId: user.id, roleId: user.roleId, platforms, resources, map };
  }

  /**
   * The code files the first route loads right after the entry: the login form for a visitor,
   * else the shell's layout, the centre, the sub-application owning the path and the path's own
   * page (not the files index.html already lists), and their style sheets.
   */
  private async preloads(path: string, loggedIn: boolean): Promise<Preloads> {
    const chunks = await this.buildChunks();
    if (!chunks) return { scripts: [], styles: [] };
    const key = `${loggedIn ? 'user' : 'visitor'} ${path}`;
    const known = this.preloadsOf?.chunks === chunks ? this.preloadsOf.byPath.get(key) : undefined;
    if (known) return known;
    const found = await this.findPreloads(chunks, path, loggedIn);
    if (this.preloadsOf?.chunks !== chunks) this.preloadsOf = { chunks, byPath: new Map() };
    // the paths a console has are few; a flood of made-up ones is not kept
    if (this.preloadsOf.byPath.size < MAX_PRELOAD_PATHS) this.preloadsOf.byPath.set(key, found);
    return found;
  }

  private async findPreloads(chunks: Record<string, BuildChunk>, path: string, loggedIn: boolean): Promise<Preloads> {
    const inShell = loggedIn && !OUTSIDE_SHELL.has(path);
    const page = inShell ? (await this.pageSources()).get(path.length > 1 ? path.replace(/\/+$/, '') : path) : undefined;
    const consoleChunk = Object.entries(chunks).find(([, c]) => c.name === CONSOLE_CHUNK_NAME && !c.isEntry)?.[0];
    // the console's own start, then the page's own code before the SDK views it draws (the order the browser asks for them in)
    const sources =
      !loggedIn && path === LOGIN_DOCUMENT_PATH
        ? []
        : [...(consoleChunk ? [consoleChunk] : []), ...(inShell ? [...SHELL_CHUNKS, ...(await this.pluginsFor(path)), ...(page ? [page.page, ...page.views] : [])] : LOGIN_CHUNKS)];
    const entry = new Set<string>();
    const collect = (key: string, into: Set<string>) => {
      const chunk = chunks[key];
      if (!chunk || into.has(chunk.file)) return;
      into.add(chunk.file);
      for (const imported of chunk.imports ?? []) collect(imported, into);
    };
    collect('index.html', entry);
    const files = new Set<string>();
    for (const source of sources) collect(source, files);
    const styleOf = new Map(Object.values(chunks).map((c) => [c.file, c.css ?? []]));
    const inEntry = new Set([...entry].flatMap((f) => styleOf.get(f) ?? []));
    const styles = new Set([...files].flatMap((f) => styleOf.get(f) ?? []).filter((css) => !inEntry.has(css)));
    return { scripts: [...files].filter((f) => !entry.has(f)), styles: [...styles] };
  }

  /** The centre's plugin and that of the sub-application whose base path holds `path`. */
  private async pluginsFor(path: string): Promise<string[]> {
    this.pluginSources ??= this.readPluginSources();
    const sources = await this.pluginSources;
    let owner: string | undefined;
    let ownerBase = '';
    for (const [base, source] of sources) {
      if (base !== '/' && (path.startsWith(base) || path === base.slice(0, -1)) && base.length > ownerBase.length) [owner, ownerBase] = [source, base];
    }
    return [sources.get('/'), owner].filter((s): s is string => s !== undefined);
  }

  private async readPluginSources(): Promise<Map<string, string>> {
    const sources = new Map<string, string>();
    if (!this.pluginManifestFile) return sources;
    const records: unknown = JSON.parse(await readFile(this.pluginManifestFile, 'utf8'));
    for (const r of Array.isArray(records) ? (records as Array<{ path?: unknown; developmentEntry?: unknown }>) : []) {
      if (typeof r.path !== 'string' || typeof r.developmentEntry !== 'string') continue;
      // the build manifest names sources relative to host/ (the build's root)
      sources.set(r.path.endsWith('/') ? r.path : `${r.path}/`, `..${r.developmentEntry}`);
    }
    return sources;
  }

  /** The build manifest, read again when the build changed it; undefined without one. */
  private async buildChunks(): Promise<Record<string, BuildChunk> | undefined> {
    const file = join(dirname(this.file), '.vite', 'manifest.json');
    const info = await stat(file).catch(() => undefined);
    if (!info) return undefined;
    if (this.build?.mtimeMs !== info.mtimeMs) this.build = { mtimeMs: info.mtimeMs, chunks: JSON.parse(await readFile(file, 'utf8')) as Record<string, BuildChunk> };
    return this.build.chunks;
  }

  /** Console path → its page's source and its SDK views' in the build manifest (tools/build/route-pages-plugin.ts); empty without the file. */
  private async pageSources(): Promise<Map<string, RoutePage>> {
    const file = join(dirname(this.file), '.vite', 'route-pages.json');
    const info = await stat(file).catch(() => undefined);
    if (!info) return new Map();
    if (this.routePages?.mtimeMs !== info.mtimeMs) {
      const pages = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      this.routePages = { mtimeMs: info.mtimeMs, pages: new Map(Object.entries(pages).flatMap(([path, value]) => routePageOf(value).map((r) => [path, r] as const))) };
    }
    return this.routePages.pages;
  }

  /** The JSON answer of one of the server's own GET endpoints, or undefined when it has none. */
  private async call(url: string, headers: Record<string, string> = {}, remoteAddress?: string): Promise<unknown> {
    try {
      const res = await this.app.inject({ method: 'GET', url, headers, ...(remoteAddress && { remoteAddress }) });
      return res.statusCode === 200 ? res.json() : undefined;
    } catch {
      return undefined;
    }
  }

  /** index.html, read again when the build changed it. */
  private async read(): Promise<string> {
    const info = await stat(this.file);
    if (this.html === undefined || info.mtimeMs !== this.readMtimeMs) {
      this.html = await readFile(this.file, 'utf8');
      this.readMtimeMs = info.mtimeMs;
    }
    return this.html;
  }
}
