import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readFile, stat } from 'node:fs/promises';
import type { SessionService } from './auth/session-service';

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
} as const;

export interface BootData {
  /** The site of the request's Host: its branding, the console settings and the sub-application manifest. */
  site: { host: string; branding?: unknown; config?: unknown; manifest?: unknown };
  /** Only for the session the request's own cookie proves. */
  session?: { userId: number; roleId: number; platforms?: unknown; resources?: unknown };
}

const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

/** JSON that cannot end its <script> element early or open a comment inside it (a site title may hold `</script>`). */
export function scriptSafeJson(data: unknown): string {
  return JSON.stringify(data).replace(UNSAFE_IN_SCRIPT, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** index.html with the boot data as a JSON script at the end of its head. */
export function withBootData(html: string, data: BootData): string {
  const script = `<script id="${BOOT_ELEMENT_ID}" type="application/json">${scriptSafeJson(data)}</script>`;
  const at = html.search(/<\/head>/i);
  return at === -1 ? script + html : html.slice(0, at) + script + html.slice(at);
}

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
 * and manifest for everyone, and the sub-applications and grants of the user whose session the
 * request's cookie proves (that page is then `no-store`). The endpoints themselves are unchanged
 * and still answer; the console asks them when the data is missing or belongs to another user.
 */
export class ConsoleIndex {
  private html: string | undefined;
  private readMtimeMs = -1;

  constructor(
    private readonly app: FastifyInstance,
    private readonly file: string,
    private readonly sessions: Pick<SessionService, 'check'>,
  ) {}

  async send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const html = await this.read();
    const data = await this.bootData(request);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', data.session ? 'no-store' : 'no-cache')
      .send(withBootData(html, data));
  }

  async bootData(request: FastifyRequest): Promise<BootData> {
    const host = request.headers.host ?? '';
    const [branding, config, manifest, session] = await Promise.all([
      host ? this.call(BOOT_CALLS.branding(host)) : undefined,
      this.call(BOOT_CALLS.config),
      this.call(BOOT_CALLS.manifest),
      this.sessionData(request),
    ]);
    return { site: { host, branding, config, manifest }, ...(session && { session }) };
  }

  private async sessionData(request: FastifyRequest): Promise<BootData['session']> {
    const sessionId = cookieValue(request.headers.cookie, SESSION_COOKIE);
    if (!sessionId) return undefined;
    const check = await this.sessions.check(sessionId);
    if (!check.ok) return undefined;
    const headers = { sessionId, userId: String(check.user.id) };
    const [platforms, resources] = await Promise.all([this.call(BOOT_CALLS.platforms(check.user.roleId), headers), this.call(BOOT_CALLS.resources, headers)]);
    return { userId: check.user.id, roleId: check.user.roleId, platforms, resources };
  }

  /** The JSON answer of one of the server's own GET endpoints, or undefined when it has none. */
  private async call(url: string, headers: Record<string, string> = {}): Promise<unknown> {
    try {
      const res = await this.app.inject({ method: 'GET', url, headers });
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
