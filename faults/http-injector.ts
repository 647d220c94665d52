import type { Injector } from '../server/testing/api-client';

/** An {@link Injector} over real HTTP, so the tests' ApiClient can talk to a server in another process. */
export function httpInjector(baseUrl: string): Injector {
  return {
    async inject({ method, url, query, payload, headers }) {
      const target = new URL(url, baseUrl);
      for (const [k, v] of Object.entries(query ?? {})) target.searchParams.set(k, v);
      const body = payload === undefined ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload);
      const contentType: Record<string, string> = typeof payload === 'object' ? { 'content-type': 'application/json' } : {};
      const res = await fetch(target, { method, headers: { ...contentType, ...headers }, body, signal: AbortSignal.timeout(10_000) });
      const text = await res.text();
      return { json: <T>() => JSON.parse(text) as T };
    },
  };
}
