import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ConfigService,
  DialogService,
  HttpError,
  defineEndpoint,
  HttpService,
  NavigationService,
  PREFETCH_KEPT_MS,
  StorageService,
  type ConfigService as ConfigServiceType,
  type DialogService as DialogServiceType,
  type HttpService as HttpServiceType,
  type StorageService as StorageServiceType,
} from '@tianlu/sdk';
import { createTestKernel, flag, ok, storeUser } from '../test/fake-server';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function setup() {
  const k = createTestKernel();
  return { ...k, http: k.get<HttpServiceType>(HttpService) };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  // the scripts jsonp adds; the page's styles stay (the next file in this worker draws with them)
  for (const script of document.head.querySelectorAll('script')) script.remove();
});

describe('HttpServiceImpl base URL', () => {
  it('keeps relative URLs same-origin when no base URL is known', () => {
    expect(setup().http.resolveUrl('/car/a.json')).toBe('/car/a.json');
  });

  it('uses the given base URL before the stored one', () => {
    const { http, get } = setup();
    get<StorageServiceType>(StorageService).set('baseUrls', { 1: 'https://stored.example' });
    expect(http.resolveUrl('/car/a.json', 'https://given.example/')).toBe('https://given.example/car/a.json');
  });

  it('uses the stored base URL of the current platform', async () => {
    const { http, get, server } = setup();
    get<StorageServiceType>(StorageService).set('baseUrls', { 1: 'https://one.example', 8: 'https://car.example/api/' });
    get<ConfigServiceType>(ConfigService).setSystem({ platformId: 8 });
    server.on('GET', '/api/car/a.json', ok(1));
    await http.get('/car/a.json');
    expect(server.requests[0]!.url).toBe('https://car.example/api/car/a.json');
  });

  it('leaves absolute http and https URLs unchanged', () => {
    const { http, get } = setup();
    get<StorageServiceType>(StorageService).set('baseUrls', { 1: 'https://stored.example' });
    expect(http.resolveUrl('http://other.example/x')).toBe('http://other.example/x');
    expect(http.resolveUrl('HTTPS://other.example/x')).toBe('HTTPS://other.example/x');
  });
});

describe('HttpServiceImpl headers and encodings', () => {
  it('sends platformId 1 and an empty Authorization, but no session headers without a stored user', async () => {
    const { http, server } = setup();
    localStorage.setItem('main_sessionId', JSON.stringify('sid-only'));
    server.on('GET', '/x', ok(null));
    await http.get('/x');
    const h = server.requests[0]!.headers;
    expect(h.platformId).toBe('1');
    expect(h.Authorization).toBe('');
    expect(h.sessionId).toBeUndefined();
    expect(h.userId).toBeUndefined();
  });

  it('sends sessionId and userId when a user is stored, and the platform of the current system', async () => {
    const { http, server, get } = setup();
    storeUser({ userId: 42 }, 'abc');
    get<ConfigServiceType>(ConfigService).setSystem({ platformId: 12 });
    server.on('GET', '/x', ok(null));
    await http.get('/x');
    expect(server.requests[0]!.headers).toMatchObject({ sessionId: 'abc', userId: '42', platformId: '12' });
  });

  it('GET puts the query in the URL, skips undefined, and asks for JSON with a 60 s timeout', async () => {
    const { http, server } = setup();
    server.on('GET', '/q', ok(null));
    await http.get('/q', { a: 1, b: 'x y', c: undefined });
    const req = server.requests[0]!;
    expect(req.query.get('a')).toBe('1');
    expect(req.query.get('b')).toBe('x y');
    expect(req.query.has('c')).toBe(false);
    expect(req.headers['Content-Type']).toContain('application/json');
    expect(req.config.timeout).toBe(60000);
  });

  it('postForm sends a form-encoded body', async () => {
    const { http, server } = setup();
    server.on('POST', '/f', ok(null));
    await http.postForm('/f', { account: 'admin', n: 3 });
    const req = server.requests[0]!;
    expect(req.headers['Content-Type']).toContain('application/x-www-form-urlencoded');
    expect(req.config.data).toBe('account=admin&n=3');
  });

  it('postJson sends JSON', async () => {
    const { http, server } = setup();
    server.on('POST', '/j', ok(null));
    await http.postJson('/j', { ids: [1, 2] });
    expect(server.requests[0]!.headers['Content-Type']).toContain('application/json');
    expect(server.requests[0]!.body).toEqual({ ids: [1, 2] });
  });

  it('call sends a GET contract\'s input as the query and resolves with its answer', async () => {
    const { http, server } = setup();
    const list = defineEndpoint<{ keyword: string }, undefined, { total: number }>({ method: 'GET', path: '/c/list.json', summary: '列表' });
    server.on('GET', '/c/list.json', ok({ total: 3 }));
    const answer = await http.call(list, { keyword: '狗' });
    expect(server.requests[0]!.query.get('keyword')).toBe('狗');
    expect(answer.obj.total).toBe(3);
  });

  it('call posts a contract\'s body as JSON, or as a form when the contract says so', async () => {
    const { http, server } = setup();
    const save = defineEndpoint<Record<string, never>, { ids: number[] }>({ method: 'POST', path: '/c/save.json', summary: '保存' });
    const login = defineEndpoint<Record<string, never>, { account: string }>({ method: 'POST', path: '/c/login', summary: '登录', encoding: 'form' });
    server.on('POST', '/c/save.json', ok(null));
    server.on('POST', '/c/login', ok(null));
    await http.call(save, { ids: [1, 2] });
    await http.call(login, { account: 'admin' });
    expect(server.requests[0]!.body).toEqual({ ids: [1, 2] });
    expect(server.requests[1]!.headers['Content-Type']).toContain('application/x-www-form-urlencoded');
    expect(server.requests[1]!.config.data).toBe('account=admin');
  });

  it('upload posts the form data and reports progress as a fraction', async () => {
    const { http, server } = setup();
    server.on('POST', '/up', (req) => {
      req.config.onUploadProgress?.({ loaded: 50, total: 200, bytes: 50, lengthComputable: true });
      return ok({ id: 1 });
    });
    const fd = new FormData();
    fd.append('file', new Blob(['abc']), 'a.txt');
    const progress: number[] = [];
    const res = await http.upload('/up', fd, { onProgress: (f) => progress.push(f) });
    expect(res.obj).toEqual({ id: 1 });
    expect(server.requests[0]!.body).toBeInstanceOf(FormData);
    expect(progress).toEqual([0.25]);
  });
});

describe('HttpServiceImpl prefetch', () => {
  const notices = defineEndpoint<{ current: number; pageSize: number }, undefined, { list: string[] }>({ method: 'GET', path: '/c/notices.json', summary: '公告' });

  it("hands a page's own call the answer asked ahead for it: one request, asked before the call", async () => {
    const { http, server } = setup();
    storeUser();
    let answered = 0;
    server.on('GET', '/c/notices.json', () => ({ data: { flag: 1, msg: '', obj: { list: [`第${++answered}条`] } } }));
    http.prefetch(notices, { current: 1, pageSize: 5 });
    http.prefetch(notices, { current: 1, pageSize: 5 });
    expect((await http.call(notices, { current: 1, pageSize: 5 })).obj.list).toEqual(['第1条']);
    expect(server.to('/c/notices.json')).toHaveLength(1);
    // taken once: the next call asks again
    expect((await http.call(notices, { current: 1, pageSize: 5 })).obj.list).toEqual(['第2条']);
    expect(server.to('/c/notices.json')).toHaveLength(2);
  });

  it('resolves the prefetch with the answer, so a route can ask ahead what its page asks next', async () => {
    const { http, server } = setup();
    storeUser();
    server.on('GET', '/c/notices.json', ok({ list: ['第1条'] }));
    const asked = http.prefetch(notices, { current: 1, pageSize: 5 });
    expect(http.prefetch(notices, { current: 1, pageSize: 5 })).toBe(asked);
    expect((await asked).obj.list).toEqual(['第1条']);
    expect((await http.call(notices, { current: 1, pageSize: 5 })).obj.list).toEqual(['第1条']);
    expect(server.to('/c/notices.json')).toHaveLength(1);
  });

  it('asks again for other input, a call with options, another session or an answer kept too long', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { http, server } = setup();
    server.on('GET', '/c/notices.json', ok({ list: [] }));
    storeUser({ userId: 7 }, 'sid-a');
    http.prefetch(notices, { current: 1, pageSize: 5 });
    await http.call(notices, { current: 2, pageSize: 5 });
    await http.call(notices, { current: 1, pageSize: 5 }, { timeout: 5000 });
    expect(server.to('/c/notices.json')).toHaveLength(3);
    storeUser({ userId: 8 }, 'sid-b');
    await http.call(notices, { current: 1, pageSize: 5 });
    expect(server.to('/c/notices.json')).toHaveLength(4);
    http.prefetch(notices, { current: 1, pageSize: 5 });
    vi.setSystemTime(Date.now() + PREFETCH_KEPT_MS + 1);
    await http.call(notices, { current: 1, pageSize: 5 });
    expect(server.to('/c/notices.json')).toHaveLength(6);
  });

  it("gives the page's call the failure of the answer asked ahead, and reports none when nobody takes it", async () => {
    const { http, server } = setup();
    storeUser();
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      server.on('GET', '/c/notices.json', { status: 500, data: { flag: 500, msg: '公告服务不可用', obj: null } });
      http.prefetch(notices, { current: 1, pageSize: 5 });
      http.prefetch(notices, { current: 3, pageSize: 5 });
      await expect(http.call(notices, { current: 1, pageSize: 5 })).rejects.toThrow('公告服务不可用');
      expect(server.to('/c/notices.json')).toHaveLength(2);
      await new Promise((r) => setTimeout(r, 0));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});

describe('HttpServiceImpl response rules', () => {
  it('resolves a flag-1 envelope', async () => {
    const { http, server } = setup();
    server.on('GET', '/a', ok({ v: 1 }));
    await expect(http.get('/a')).resolves.toEqual({ flag: 1, msg: '', obj: { v: 1 } });
  });

  it('resolves other flags for the caller to check', async () => {
    const { http, server } = setup();
    server.on('GET', '/a', flag(403, '没有权限'));
    await expect(http.get('/a')).resolves.toMatchObject({ flag: 403, msg: '没有权限' });
  });

  it('accepts code 0 and rejects any other code', async () => {
    const { http, server } = setup();
    server.on('GET', '/zero', { data: { code: 0, flag: 1, msg: '', obj: 1 } });
    server.on('GET', '/bad', { data: { code: 2, flag: 1, msg: '旧接口错误', obj: null } });
    await expect(http.get('/zero')).resolves.toMatchObject({ obj: 1 });
    await expect(http.get('/bad')).rejects.toMatchObject({ message: '旧接口错误' });
  });

  it('rejects a flagless answer that is not a spreadsheet', async () => {
    const { http, server } = setup();
    server.on('GET', '/plain', { data: { hello: 1 } });
    await expect(http.get('/plain')).rejects.toMatchObject({ name: 'HttpError', message: '网络异常', flag: undefined });
  });

  it('passes a flagless spreadsheet answer', async () => {
    const { http, server } = setup();
    server.on('GET', '/x.xlsx', { data: 'bytes', headers: { 'content-type': XLSX } });
    server.on('GET', '/x.csv', { data: 'a,b', headers: { 'content-type': 'text/csv; charset=utf-8' } });
    await expect(http.get('/x.xlsx')).resolves.toMatchObject({ flag: 1, obj: 'bytes' });
    await expect(http.get('/x.csv')).resolves.toMatchObject({ obj: 'a,b' });
  });

  it('rejects HTTP failures with the server msg when given, else 网络异常', async () => {
    const { http, server } = setup();
    server.on('GET', '/msg', { status: 500, data: { flag: 500, msg: '服务器内部错误', obj: null } });
    server.on('GET', '/nomsg', { status: 502, data: '<html>' });
    server.on('GET', '/down', { error: 'network' });
    server.on('GET', '/slow', { error: 'timeout' });
    await expect(http.get('/msg')).rejects.toMatchObject({ message: '服务器内部错误', status: 500 });
    await expect(http.get('/nomsg')).rejects.toMatchObject({ message: '网络异常', status: 502 });
    await expect(http.get('/down')).rejects.toMatchObject({ message: '网络异常' });
    await expect(http.get('/slow')).rejects.toMatchObject({ message: '网络异常' });
  });
});

describe('HttpServiceImpl session expiry (flag 4010)', () => {
  it('clears the session, shows the 会话过期 dialog and rejects with 会话过期', async () => {
    const { http, server, get } = setup();
    storeUser();
    localStorage.setItem('main_themeValue', JSON.stringify('blue'));
    server.on('GET', '/a', flag(4010, 'expired'));
    const err = await http.get('/a').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ message: '会话过期', flag: 4010 });
    expect(get<DialogServiceType>(DialogService).sessionExpired).toBe(true);
    expect(localStorage.getItem('main_USER')).toBeNull();
    expect(localStorage.getItem('main_sessionId')).toBeNull();
    expect(localStorage.getItem('main_themeValue')).not.toBeNull();
  });

  it('treats an HTTP error whose body has flag 4010 the same way', async () => {
    const { http, server, get } = setup();
    storeUser();
    server.on('GET', '/a', { status: 401, data: { flag: 4010, msg: 'x', obj: null } });
    await expect(http.get('/a')).rejects.toMatchObject({ flag: 4010, message: '会话过期' });
    expect(get<DialogServiceType>(DialogService).sessionExpired).toBe(true);
  });

  it('shows no dialog for an answer that comes after 退出登录 (no user stored): the page is at its login form already', async () => {
    const { http, server, get } = setup();
    server.on('GET', '/a', flag(4010, 'expired'));
    await expect(http.get('/a')).rejects.toMatchObject({ flag: 4010, message: '会话过期' });
    expect(get<DialogServiceType>(DialogService).sessionExpired).toBe(false);
  });

  it('goes straight to /login without the dialog on the resource-list path', async () => {
    const { http, server, container, get } = setup();
    const navigate = vi.fn();
    container.rebindSync(NavigationService).toConstantValue({ path: '/', navigate, openTab: vi.fn() });
    server.on('GET', '/car/v1/api/resource/newList.json', flag(4010));
    await expect(http.get('/car/v1/api/resource/newList.json', { version: 'v4' })).rejects.toMatchObject({ flag: 4010 });
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(get<DialogServiceType>(DialogService).sessionExpired).toBe(false);
  });
});

describe('HttpServiceImpl jsonp', () => {
  it('adds a script with the callback parameter and resolves with what the callback gets', async () => {
    const { http } = setup();
    const promise = http.jsonp<{ v: number }>('https://api.example/geo', { q: 'x' }, { callbackParam: 'cb' });
    const script = document.head.querySelector('script')!;
    const src = new URL(script.src);
    expect(src.searchParams.get('q')).toBe('x');
    const name = src.searchParams.get('cb')!;
    (window as unknown as Record<string, (d: unknown) => void>)[name]!({ v: 5 });
    await expect(promise).resolves.toEqual({ v: 5 });
    expect(document.head.querySelector('script')).toBeNull();
    expect((window as unknown as Record<string, unknown>)[name]).toBeUndefined();
  });

  it('rejects with 网络异常 after the timeout', async () => {
    vi.useFakeTimers();
    const { http } = setup();
    const promise = http.jsonp('https://api.example/geo', {}, { timeout: 500 });
    const assertion = expect(promise).rejects.toMatchObject({ message: '网络异常' });
    vi.advanceTimersByTime(501);
    await assertion;
    expect(document.head.querySelector('script')).toBeNull();
  });
});

describe('HttpServiceImpl exportFile', () => {
  it('gets a one-time token first, then navigates a hidden frame with the params and the token, never the sessionId', async () => {
    const { http, server } = setup();
    storeUser({ userId: 1 }, 'secret-session');
    server.on('GET', '/car/v1/api/download/token.json', ok({ token: 'tok-1' }));
    await http.exportFile({
      url: '/car/v1/accelerate/export/download.json',
      params: { id: 9, sessionId: 'secret-session', empty: undefined },
      fileName: '里程报表.xlsx',
    });
    expect(server.requests.map((r) => r.path)).toEqual(['/car/v1/api/download/token.json']);
    const frame = document.querySelector('iframe')!;
    expect(frame.style.display).toBe('none');
    const src = new URL(frame.src, 'http://console.test');
    expect(src.pathname).toBe('/car/v1/accelerate/export/download.json');
    expect(src.searchParams.get('downloadToken')).toBe('tok-1');
    expect(src.searchParams.get('id')).toBe('9');
    expect(src.searchParams.get('fileName')).toBe('里程报表.xlsx');
    expect(frame.src).not.toContain('secret-session');
    expect(src.searchParams.has('sessionId')).toBe(false);
  });

  it('rejects without navigating when the token call fails', async () => {
    const { http, server } = setup();
    server.on('GET', '/car/v1/api/download/token.json', flag(403, '没有权限'));
    await expect(http.exportFile({ url: '/e', params: {}, fileName: 'a.xlsx' })).rejects.toMatchObject({ message: '没有权限' });
    expect(document.querySelector('iframe')).toBeNull();
  });
});

describe('HttpServiceImpl downloadBlob', () => {
  it('saves a spreadsheet answer through an object URL and <a download>', async () => {
    const { http, server } = setup();
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download}|${this.href}`);
    });
    server.on('POST', '/report.json', { data: new Blob(['x'], { type: XLSX }), headers: { 'content-type': XLSX } });
    await http.downloadBlob('/report.json', { day: '2026-01-01' }, '日报.xlsx');
    expect(server.requests[0]!.config.responseType).toBe('blob');
    expect(server.requests[0]!.body).toEqual({ day: '2026-01-01' });
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(clicked).toEqual(['日报.xlsx|blob:x']);
    click.mockRestore();
  });

  it('rejects with the msg of a JSON answer', async () => {
    const { http, server } = setup();
    const body = JSON.stringify({ flag: 400, msg: '时间范围不能超过31天', obj: null });
    server.on('POST', '/report.json', { data: new Blob([body], { type: 'application/json' }) });
    await expect(http.downloadBlob('/report.json', {}, 'a.xlsx')).rejects.toMatchObject({ message: '时间范围不能超过31天', flag: 400 });
  });
});
