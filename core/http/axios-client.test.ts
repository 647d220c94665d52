import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAxios } from './axios-client';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('the http client', () => {
  it('sends a same-origin request at once, without asking the browser for an XSRF cookie first', async () => {
    // a browser's Cookie Store answers asynchronously, after the task the page is busy with; this one never does
    const asked: string[] = [];
    vi.stubGlobal('cookieStore', { get: (name: string) => (asked.push(name), new Promise(() => undefined)) });
    document.cookie = 'XSRF-TOKEN=from-a-cookie';
    const sent: { headers: Record<string, string> }[] = [];
    const setHeader = vi.spyOn(XMLHttpRequest.prototype, 'setRequestHeader');
    vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(function (this: XMLHttpRequest) {
      sent.push({ headers: Object.fromEntries(setHeader.mock.calls.map(([k, v]) => [k.toLowerCase(), v])) });
    });
    // never answered (nothing is sent): what counts is that it went out
    void createAxios(5_000, undefined).get('/car/v4/api/monitor/list.json').catch(() => undefined);

    await vi.waitFor(() => expect(sent).toHaveLength(1), { timeout: 2_000 });
    expect(asked).toEqual([]);
    // the session travels in the console's own headers; no cookie's value is copied into one
    expect(sent[0]!.headers['x-xsrf-token']).toBeUndefined();
  });
});
