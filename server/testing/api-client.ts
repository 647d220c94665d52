import CryptoJS from 'crypto-js';
import type { Envelope } from '../api/envelope';

type Query = Record<string, string | number | boolean | undefined>;

/** What the client calls: Fastify's `inject`, or an HTTP stand-in for a server in another process. */
export interface Injector {
  inject(request: {
    method: 'GET' | 'POST';
    url: string;
    query?: Record<string, string>;
    payload?: string | object;
    headers: Record<string, string>;
  }): Promise<{ json<T>(): T }>;
}

/** Calls the API through app.inject the way the console does (headers sessionId and userId). */
export class ApiClient {
  sessionId: string | undefined;
  userId: number | undefined;

  constructor(private readonly app: Injector) {}

  private headers(): Record<string, string> {
    const h: Record<string, string> = {};
    if (this.sessionId) h.sessionId = this.sessionId;
    if (this.userId !== undefined) h.userId = String(this.userId);
    return h;
  }

  async get<T = unknown>(url: string, query: Query = {}): Promise<Envelope<T>> {
    const clean = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]));
    const res = await this.app.inject({ method: 'GET', url, query: clean, headers: this.headers() });
    return res.json<Envelope<T>>();
  }

  async postJson<T = unknown>(url: string, body: unknown): Promise<Envelope<T>> {
    const res = await this.app.inject({ method: 'POST', url, payload: body as object, headers: this.headers() });
    return res.json<Envelope<T>>();
  }

  async postForm<T = unknown>(url: string, form: Record<string, string | number>): Promise<Envelope<T>> {
    const payload = new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])).toString();
    const res = await this.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...this.headers(), 'content-type': 'application/x-www-form-urlencoded' },
    });
    return res.json<Envelope<T>>();
  }

  /** The browser's password login: loginPage → AES-encrypt with its key → token. */
  async login(account: string, password: string, code?: string): Promise<Envelope<{ sessionId: string; userId: number; needCode?: boolean }>> {
    const page = await this.get<{ pageId: string; key: string; needCode: boolean }>('/oauth/loginPage', { account });
    return this.loginWithPage(account, password, page.obj, code);
  }

  /** The password login with a page key already at hand (one the start page carried). */
  async loginWithPage(account: string, password: string, page: { pageId: string; key: string }, code?: string): Promise<Envelope<{ sessionId: string; userId: number; needCode?: boolean }>> {
    const cipher = CryptoJS.AES.encrypt(password, page.key).toString();
    const form: Record<string, string> = { account, password: cipher, pageId: page.pageId };
    if (code) form.code = code;
    const res = await this.postForm<{ sessionId: string; userId: number; needCode?: boolean }>('/oauth/v4/token', form);
    if (res.flag === 1) {
      this.sessionId = res.obj.sessionId;
      this.userId = res.obj.userId;
    }
    return res;
  }
}

/** Clients logged in as the demo profile's two tenants: `admin` (天路演示) and `other` (其他公司). */
export async function demoTenantClients(app: ConstructorParameters<typeof ApiClient>[0]): Promise<{ admin: ApiClient; other: ApiClient }> {
  const admin = new ApiClient(app);
  const other = new ApiClient(app);
  await admin.login('admin', 'Admin@123');
  await other.login('other', 'Other@123');
  return { admin, other };
}
