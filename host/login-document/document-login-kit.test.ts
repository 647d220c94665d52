import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { BOOT_ELEMENT_ID, BootData } from '../../core/boot/boot-data';
import { startPageServer, type PageServer } from '../../testing/plugin-page-kit';
import { NETWORK_ERROR_MESSAGE } from '../../sdk/services/http-service';
import { LoginError, type LoginPageInfo } from '../../sdk/services/session-service';
import { STORAGE_PREFIX } from '../../sdk/services/storage-service';
import { documentLoginKit } from './document-login-kit';

let pageServer: PageServer;
let base: string;
/** The SMS the server sent (its provider here keeps them). */
const texts: { phone: string; text: string }[] = [];

// the real server, listening on a local port: the login document's requests are fetches of its own
beforeAll(async () => {
  pageServer = await startPageServer({ live: true, smsProvider: { send: async (phone: string, text: string) => void texts.push({ phone, text }) } });
  base = `http://127.0.0.1:${(pageServer.server.app.server.address() as AddressInfo).port}`;
});
afterAll(() => pageServer?.close());

/** The page's window as the kit uses it: its storage, and fetch to the real server (paths as the page asks them). */
function pageWindow(origin = base): { window: Window; asked: string[] } {
  const asked: string[] = [];
  const fetchFrom = (url: string, init?: RequestInit) => {
    asked.push(`${init?.method ?? 'GET'} ${url.split('?')[0]}`);
    return fetch(new URL(url, origin), init);
  };
  return { window: { localStorage: window.localStorage, fetch: fetchFrom } as unknown as Window, asked };
}

/** The start data of a visitor's page: the login key the server put into it. */
async function visitorBoot(): Promise<BootData> {
  const loginPage: unknown = await (await fetch(`${base}/oauth/loginPage`)).json();
  const doc = document.implementation.createHTMLDocument('');
  const script = doc.createElement('script');
  script.id = BOOT_ELEMENT_ID;
  script.textContent = JSON.stringify({ visitor: { loginPage } });
  doc.body.appendChild(script);
  return BootData.fromDocument(doc);
}

const stored = (key: string): unknown => JSON.parse(localStorage.getItem(STORAGE_PREFIX + key) ?? 'null');

describe('the login document’s requests', () => {
  it('logs in as the console does: the session and the user stored, the console’s code asked for as the login starts', async () => {
    const { window: page, asked } = pageWindow();
    const starts: number[] = [];
    const kit = documentLoginKit(page, await visitorBoot(), undefined, { starting: () => starts.push(asked.length), enter: () => undefined });
    const key = await kit.loginPage();
    // the page's own key: no request for it
    expect(asked).toEqual([]);
    await kit.loginWithPassword({ account: 'admin', password: 'Admin@123' }, key);
    expect(asked).toEqual(['POST /oauth/v4/token', 'GET /car/v1/api/user/getUser.json']);
    // before the login's first request
    expect(starts).toEqual([0]);
    const sessionId = stored('sessionId') as string;
    expect(stored('USER')).toMatchObject({ account: 'admin', name: '演示管理员' });
    expect(stored('queryUserInfo')).toEqual(stored('USER'));
    // the stored session is one the server knows
    const user = await (await fetch(`${base}/car/v1/api/user/getUser.json`, { headers: { sessionId, userId: String((stored('USER') as { userId: number }).userId) } })).json();
    expect(user).toMatchObject({ flag: 1, obj: { account: 'admin' } });
  });

  it("answers a refused password with the server's message, stores nothing, and the next key is a fresh one", async () => {
    const { window: page, asked } = pageWindow();
    const kit = documentLoginKit(page, await visitorBoot(), undefined, { enter: () => undefined });
    const first = await kit.loginPage();
    const refusal = await kit.loginWithPassword({ account: 'admin', password: 'Wrong@123' }, first).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(LoginError);
    expect((refusal as LoginError).message).toBe('账号或密码错误');
    expect(localStorage.length).toBe(0);
    const next: LoginPageInfo = await kit.loginPage('admin');
    expect(next.pageId).not.toBe(first.pageId);
    expect(asked).toEqual(['POST /oauth/v4/token', 'GET /oauth/loginPage']);
  });

  it('sends the SMS code and logs in with it; a wrong code answers the server’s message', async () => {
    const { window: page, asked } = pageWindow();
    const kit = documentLoginKit(page, BootData.empty(), undefined, { enter: () => undefined });
    await kit.sendLoginSms('13800138000');
    const code = /(\d{6})/.exec(texts.filter((t) => t.phone === '13800138000').at(-1)?.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await kit.loginWithSms({ phone: '13800138000', smsCode: code === '000000' ? '111111' : '000000' }).catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(LoginError);
    expect((wrong as LoginError).message).toBe('验证码错误或已过期');
    expect(localStorage.length).toBe(0);
    await kit.loginWithSms({ phone: '13800138000', smsCode: code });
    expect(stored('USER')).toMatchObject({ account: 'admin' });
    expect(asked).toEqual(['GET /oauth/sendLoginSms', 'POST /oauth/v4/token', 'POST /oauth/v4/token', 'GET /car/v1/api/user/getUser.json']);
  });

  it('says 网络异常 when the server cannot be reached, and stores nothing', async () => {
    const { window: page } = pageWindow('http://127.0.0.1:9');
    const kit = documentLoginKit(page, BootData.empty(), undefined, { enter: () => undefined });
    await expect(kit.loginPage()).rejects.toThrow(NETWORK_ERROR_MESSAGE);
    const refusal = await kit.loginWithPassword({ account: 'admin', password: 'Admin@123' }, { pageId: 'p', key: 'k' }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(LoginError);
    expect((refusal as LoginError).message).toBe(NETWORK_ERROR_MESSAGE);
    expect(localStorage.length).toBe(0);
  });
});
