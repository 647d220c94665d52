import { describe, expect, it, vi } from 'vitest';
import { autorun } from 'mobx';
import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import {
  HttpService,
  LoginError,
  NavigationService,
  PermissionService,
  SessionService,
  ToastService,
  type HttpService as HttpServiceType,
  type PermissionService as PermissionServiceType,
  type SessionService as SessionServiceType,
  type ToastService as ToastServiceType,
} from '@tianlu/sdk';
import { createTestKernel, flag, ok, storeUser } from '../test/fake-server';

const USER = { userId: 7, account: 'admin', name: '管理员', tenantId: 1, tenantName: '天路演示', roleId: 3 };
const PAGE = { pageId: 'p-1', key: 'k3y-passphrase', needCode: false };

function setup() {
  const k = createTestKernel();
  const navigate = vi.fn();
  k.container.rebindSync(NavigationService).toConstantValue({ path: '/', navigate, openTab: vi.fn() });
  return { ...k, navigate, session: k.get<SessionServiceType>(SessionService) };
}

describe('SessionServiceImpl state', () => {
  it('counts as logged in only when a USER is stored', () => {
    const { session } = setup();
    localStorage.setItem('main_sessionId', JSON.stringify('s'));
    expect(session.isLoggedIn).toBe(false);
    expect(session.sessionId).toBe('s');
    storeUser(USER);
    expect(session.isLoggedIn).toBe(true);
    expect(session.user?.userId).toBe(7);
  });

  it('is observable: a 4010 answer logs the user out for observers', async () => {
    const { session, server, get } = setup();
    storeUser(USER);
    const seen: boolean[] = [];
    const stop = autorun(() => seen.push(session.isLoggedIn));
    server.on('GET', '/x', flag(4010));
    await get<HttpServiceType>(HttpService).get('/x').catch(() => undefined);
    stop();
    expect(seen).toEqual([true, false]);
  });
});

describe('SessionServiceImpl password login', () => {
  it('gets the page key, posts the AES-encrypted password as a form, stores sessionId then the user', async () => {
    const { session, server } = setup();
    server.on('GET', '/oauth/loginPage', ok(PAGE));
    server.on('POST', '/oauth/v4/token', ok({ sessionId: 'sid-9', userId: 7 }));
    server.on('GET', '/car/v1/api/user/getUser.json', ok(USER));
    const page = await session.loginPage('admin');
    expect(server.requests[0]!.query.get('account')).toBe('admin');
    const user = await session.loginWithPassword({ account: 'admin', password: 'Admin@123', code: 'ab12' }, page);

    const token = server.to('/oauth/v4/token')[0]!;
    expect(token.headers['Content-Type']).toContain('x-www-form-urlencoded');
    const form = token.body as Record<string, string>;
    expect(form).toMatchObject({ account: 'admin', pageId: 'p-1', code: 'ab12' });
    expect(form.password).not.toBe('Admin@123');
    expect(AES.decrypt(form.password!, PAGE.key).toString(Utf8)).toBe('Admin@123');

    const userCall = server.to('/car/v1/api/user/getUser.json')[0]!;
    expect(userCall.headers).toMatchObject({ sessionId: 'sid-9', userId: '7' });
    expect(user).toEqual(USER);
    expect(JSON.parse(localStorage.getItem('main_sessionId')!)).toBe('sid-9');
    expect(JSON.parse(localStorage.getItem('main_USER')!)).toEqual(USER);
    expect(JSON.parse(localStorage.getItem('main_queryUserInfo')!)).toEqual(USER);
    expect(session.isLoggedIn).toBe(true);
  });

  it('does not send an empty code', async () => {
    const { session, server } = setup();
    server.on('POST', '/oauth/v4/token', ok({ sessionId: 's', userId: 7 }));
    server.on('GET', '/car/v1/api/user/getUser.json', ok(USER));
    await session.loginWithPassword({ account: 'admin', password: 'x', code: '' }, PAGE);
    expect(server.to('/oauth/v4/token')[0]!.body).not.toHaveProperty('code');
  });

  it('rejects wrong credentials with the server message and exposes needCode, storing nothing', async () => {
    const { session, server } = setup();
    server.on('POST', '/oauth/v4/token', flag(400, '账号或密码错误', { needCode: true }));
    const err = await session.loginWithPassword({ account: 'admin', password: 'bad' }, PAGE).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LoginError);
    expect(err).toMatchObject({ message: '账号或密码错误', flag: 400, needCode: true });
    expect(session.needCode).toBe(true);
    expect(localStorage.getItem('main_sessionId')).toBeNull();
    expect(session.isLoggedIn).toBe(false);
    expect(server.to('/car/v1/api/user/getUser.json')).toHaveLength(0);
  });

  it('resets permissions loaded for a previous user after a new login', async () => {
    const { session, server, get } = setup();
    server.on('GET', '/car/v1/api/resource/newList.json', ok([{ id: 8001, name: '概览', type: 1 }]));
    server.on('POST', '/oauth/v4/token', ok({ sessionId: 's', userId: 7 }));
    server.on('GET', '/car/v1/api/user/getUser.json', ok(USER));
    const perms = get<PermissionServiceType>(PermissionService);
    await perms.load();
    await session.loginWithPassword({ account: 'admin', password: 'x' }, PAGE);
    expect(perms.loaded).toBe(false);
  });
});

describe('SessionServiceImpl SMS login', () => {
  it('sends the SMS code request and logs in with grantType sms', async () => {
    const { session, server } = setup();
    server.on('GET', '/oauth/sendLoginSms', ok(null));
    server.on('POST', '/oauth/v4/token', ok({ sessionId: 's2', userId: 7 }));
    server.on('GET', '/car/v1/api/user/getUser.json', ok(USER));
    await session.sendLoginSms('13800000000');
    expect(server.to('/oauth/sendLoginSms')[0]!.query.get('phone')).toBe('13800000000');
    await session.loginWithSms({ phone: '13800000000', smsCode: '123456' });
    expect(server.to('/oauth/v4/token')[0]!.body).toEqual({ grantType: 'sms', phone: '13800000000', smsCode: '123456' });
    expect(session.isLoggedIn).toBe(true);
  });

  it('rejects a rate-limited SMS request with the server message', async () => {
    const { session, server } = setup();
    server.on('GET', '/oauth/sendLoginSms', flag(400, '发送过于频繁'));
    await expect(session.sendLoginSms('1')).rejects.toMatchObject({ message: '发送过于频繁' });
  });
});

describe('SessionServiceImpl user fetch', () => {
  it('shows a toast when the user cannot be fetched', async () => {
    const { session, server, get } = setup();
    server.on('GET', '/car/v1/api/user/getUser.json', { error: 'network' });
    await expect(session.fetchUser()).rejects.toMatchObject({ message: '网络异常' });
    expect(get<ToastServiceType>(ToastService).current).toMatchObject({ text: '网络异常', intent: 'error' });
  });
});

describe('SessionServiceImpl logout and clearAll', () => {
  it('logout calls /oauth/logout, clears every main_ key, resets permissions and goes to /login even if the call fails', async () => {
    const { session, server, navigate, get } = setup();
    storeUser(USER);
    localStorage.setItem('main_systemList', '[]');
    localStorage.setItem('other_key', '1');
    server.on('GET', '/car/v1/api/resource/newList.json', ok([{ id: 1, name: 'm', type: 1 }]));
    server.on('GET', '/oauth/logout', { error: 'network' });
    const perms = get<PermissionServiceType>(PermissionService);
    await perms.load();
    await session.logout();
    expect(server.to('/oauth/logout')).toHaveLength(1);
    expect(Object.keys(localStorage).filter((k) => k.startsWith('main_'))).toEqual([]);
    expect(localStorage.getItem('other_key')).toBe('1');
    expect(perms.loaded).toBe(false);
    expect(perms.hasMenu(1)).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(session.isLoggedIn).toBe(false);
  });

  it('clearAll removes user, nav client, alarm real-time, theme, dictionary and data-report history only', () => {
    const { session } = setup();
    storeUser(USER);
    for (const key of ['navUserClient', 'alarmRealTime', 'themeValue', 'dictionary', 'dataReportHistory', 'systemList', 'history', 'alarmVoiceOn']) {
      localStorage.setItem(`main_${key}`, '1');
    }
    session.clearAll();
    expect(Object.keys(localStorage).sort()).toEqual(['main_alarmVoiceOn', 'main_history', 'main_systemList']);
    expect(session.isLoggedIn).toBe(false);
  });
});
