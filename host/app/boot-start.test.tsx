import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BOOT_ELEMENT_ID } from '../../core/boot/boot-data';
import { MapSettingsApi } from '../../sdk/contracts/kernel';
import { ConfigService } from '../../sdk/services/config-service';
import { DEMO_USER, RESOURCES, flag, logIn, renderApp, shellServer } from '../test/app-harness';

const START_CALLS = [
  '/car/v1/api/custom/queryCustomInfo.json',
  '/oauthToken/getConfig',
  '/car/v1/api/platform/getPlatformByRoleId.json',
  '/car/v1/api/resource/newList.json',
];

const envelope = (obj: unknown) => ({ flag: 1, msg: '', obj });

/** The start data the server writes into index.html, for `userId` (none: a visitor's page). */
function writeBootScript(userId?: number, host = 'localhost', loginPage?: unknown) {
  const el = document.createElement('script');
  el.id = BOOT_ELEMENT_ID;
  el.type = 'application/json';
  el.textContent = JSON.stringify({
    site: {
      host,
      branding: envelope({ iconUrl: '', description: '演示', keyword: '天路', title: '页内站点' }),
      config: envelope({ legacyLoginHosts: [], smsLoginEnabled: true }),
    },
    ...(userId !== undefined && {
      session: { userId, roleId: DEMO_USER.roleId, platforms: envelope([{ platformId: 8 }]), resources: envelope(RESOURCES), map: envelope({ provider: 'amap', mapKey: 'k-1', geocoder: true }) },
    }),
    ...(loginPage !== undefined && { visitor: { loginPage } }),
  });
  document.head.appendChild(el);
}

afterEach(() => document.getElementById(BOOT_ELEMENT_ID)?.remove());

describe('the shell starting from the data in its page', () => {
  it("opens a logged-in user's page without asking for branding, settings, sub-applications or grants", async () => {
    logIn();
    writeBootScript(DEMO_USER.userId);
    const { server } = renderApp('/car/overview');
    expect(await screen.findByText('智能车联 · 概览')).toBeTruthy();
    expect(window.location.pathname).toBe('/car/overview');
    expect(document.title).toBe('页内站点');
    for (const path of START_CALLS) expect(server.to(path), path).toHaveLength(0);
  });

  it("draws a map page's map from the settings in its page, without asking for them", async () => {
    logIn();
    writeBootScript(DEMO_USER.userId);
    const { server, container } = renderApp('/car/overview');
    expect(await screen.findByText('智能车联 · 概览')).toBeTruthy();
    expect(await container.get<ConfigService>(ConfigService).loadMap()).toEqual({ provider: 'amap', mapKey: 'k-1', geocoder: true });
    expect(server.to(MapSettingsApi.browserConfig.path)).toHaveLength(0);
  });

  it("asks the server when the page's data belongs to another user", async () => {
    logIn();
    writeBootScript(DEMO_USER.userId + 1);
    const { server, container } = renderApp('/car/overview');
    await waitFor(() => expect(server.to('/car/v1/api/resource/newList.json')).toHaveLength(1));
    await waitFor(() => expect(server.to('/car/v1/api/platform/getPlatformByRoleId.json')).toHaveLength(1));
    // the site's data is the same for every user
    expect(server.to('/car/v1/api/custom/queryCustomInfo.json')).toHaveLength(0);
    await container.get<ConfigService>(ConfigService).loadMap();
    expect(server.to(MapSettingsApi.browserConfig.path)).toHaveLength(1);
  });

  it("shows the login form from the page's site data alone", async () => {
    writeBootScript();
    const server = shellServer();
    renderApp('/login', server);
    expect(await screen.findByRole('button', { name: '登录' })).toBeTruthy();
    expect(server.to('/car/v1/api/custom/queryCustomInfo.json')).toHaveLength(0);
    expect(server.to('/oauthToken/getConfig')).toHaveLength(0);
  });

  it("asks for the branding of a host the page's data was not written for", async () => {
    writeBootScript(undefined, 'other.example.com');
    const server = shellServer();
    renderApp('/login', server);
    expect(await screen.findByRole('button', { name: '登录' })).toBeTruthy();
    expect(server.to('/car/v1/api/custom/queryCustomInfo.json')).toHaveLength(1);
  });

  it("logs in with the page key the page carries, asking for a fresh one only after a failed attempt", async () => {
    writeBootScript(undefined, 'localhost', envelope({ pageId: 'inline-1', key: 'inline-key', needCode: false }));
    const server = shellServer().on('POST', '/oauth/v4/token', flag(400, '账号或密码错误', { needCode: false }));
    renderApp('/login', server);
    fireEvent.change(await screen.findByLabelText('账号'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'wrong' } });
    expect(server.to('/oauth/loginPage')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('账号或密码错误')).toBeTruthy();
    expect((server.to('/oauth/v4/token')[0]!.body as Record<string, string>).pageId).toBe('inline-1');
    // every attempt uses a fresh key: the next one comes from the server
    await waitFor(() => expect(server.to('/oauth/loginPage')).toHaveLength(1));
  });

  it('asks for the page key when the page carries a failed answer', async () => {
    writeBootScript(undefined, 'localhost', { flag: 429, msg: '请求过于频繁', obj: null });
    const server = shellServer();
    renderApp('/login', server);
    expect(await screen.findByRole('button', { name: '登录' })).toBeTruthy();
    await waitFor(() => expect(server.to('/oauth/loginPage')).toHaveLength(1));
  });
});
