import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { createKernel } from '../kernel';
import type { KernelOptions } from '../kernel-tokens';

/** A request as the fake server saw it. */
export interface FakeRequest {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
  config: InternalAxiosRequestConfig;
}

/** What a route answers: a status, data and headers; `error` simulates a network failure or timeout. */
export interface FakeReply {
  status?: number;
  data?: unknown;
  headers?: Record<string, string>;
  error?: 'network' | 'timeout';
}

type Handler = (req: FakeRequest) => FakeReply | Promise<FakeReply>;

/** An envelope with flag 1. */
export function ok<T>(obj: T, msg = ''): FakeReply {
  return { data: { flag: 1, msg, obj } };
}

/** An envelope with another flag. */
export function flag(flagValue: number, msg = '', obj: unknown = null): FakeReply {
  return { data: { flag: flagValue, msg, obj } };
}

function parseBody(data: unknown, contentType: string): unknown {
  if (typeof data !== 'string') return data;
  if (contentType.includes('x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(data));
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

/** An axios adapter routing by method and path, recording every request. */
export class FakeServer {
  readonly requests: FakeRequest[] = [];
  private readonly routes = new Map<string, Handler>();

  on(method: string, path: string, handler: Handler | FakeReply): this {
    this.routes.set(`${method.toUpperCase()} ${path}`, typeof handler === 'function' ? handler : () => handler);
    return this;
  }

  /** Requests to `path` (any method). */
  to(path: string): FakeRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  readonly adapter: AxiosAdapter = async (config) => {
    const url = config.url ?? '';
    const parsed = new URL(url, 'http://console.test');
    const headers = AxiosHeaders.from(config.headers as AxiosHeaders).toJSON() as Record<string, string>;
    const req: FakeRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url,
      path: parsed.pathname,
      query: parsed.searchParams,
      headers,
      body: parseBody(config.data, String(headers['Content-Type'] ?? headers['content-type'] ?? '')),
      config,
    };
    this.requests.push(req);
    const handler = this.routes.get(`${req.method} ${req.path}`);
    const reply: FakeReply = handler ? await handler(req) : { status: 404, data: { flag: 404, msg: 'not found', obj: null } };
    if (reply.error === 'network') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    if (reply.error === 'timeout') throw new AxiosError('timeout of 60000ms exceeded', AxiosError.ECONNABORTED, config, {});
    const response: AxiosResponse = {
      data: reply.data,
      status: reply.status ?? 200,
      statusText: String(reply.status ?? 200),
      headers: new AxiosHeaders({ 'content-type': 'application/json', ...reply.headers }),
      config,
      request: {},
    };
    if (response.status >= 400) {
      throw new AxiosError(`Request failed with status code ${response.status}`, AxiosError.ERR_BAD_RESPONSE, config, {}, response);
    }
    return response;
  };
}

/** A fresh kernel whose network is a {@link FakeServer}. */
export function createTestKernel(options: Omit<KernelOptions, 'httpAdapter'> = {}) {
  const server = new FakeServer();
  const container = createKernel({ ...options, httpAdapter: server.adapter });
  return { server, container, get: <T>(token: symbol) => container.get<T>(token) };
}

/** A stored logged-in user (what a successful login leaves behind). */
export function storeUser(user: Record<string, unknown> = { userId: 7, account: 'admin', name: '管理员', tenantId: 1, tenantName: '天路演示', roleId: 1 }, sessionId = 'sid-1'): void {
  localStorage.setItem('main_USER', JSON.stringify(user));
  localStorage.setItem('main_sessionId', JSON.stringify(sessionId));
}
