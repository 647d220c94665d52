import { render } from '@testing-library/react';
import type { Container } from 'inversify';
import { AlarmPushApi, AuthApi, KernelApi, NoticeApi, ResourceApi, type ManifestRecord } from '@tianlu/sdk';
import manifest from '../../plugins.manifest.json';
import type { KernelOptions } from '../../core';
import { FakeServer, ok } from '../../core/test/fake-server';
import { FakeWebSockets } from '../../core/test/fake-web-socket';
import { AppRoot } from '../app/app-root';
import { createAppContainer } from '../app/create-app-container';

export { ok, flag } from '../../core/test/fake-server';

export const DEMO_USER = { userId: 7, account: 'admin', name: '管理员', tenantId: 1, tenantName: '天路演示', roleId: 1 };

/** The resource tree of a user holding the centre and the car overview. */
export const RESOURCES = [
  { id: 4002, name: '站内消息', type: 1, path: '/center/notice' },
  { id: 4001, name: '安全中心', type: 1, path: '/center/security' },
  { id: 1601, name: '下载中心', type: 1, path: '/center/download' },
  { id: 8001, name: '概览', type: 1, path: '/car/overview' },
];

/** Stores a logged-in user the way a successful login leaves it. */
export function logIn(user: object = DEMO_USER): void {
  localStorage.setItem('main_USER', JSON.stringify(user));
  localStorage.setItem('main_sessionId', JSON.stringify('sid-1'));
}

/** A fake server answering what the shell needs on start; tests override single routes. */
export function shellServer(): FakeServer {
  return new FakeServer()
    .on('GET', KernelApi.branding.path, ok({ iconUrl: '', description: '演示', keyword: '天路', title: '天路车联网平台' }))
    .on('GET', KernelApi.config.path, ok({ legacyLoginHosts: [], smsLoginEnabled: true }))
    .on('GET', KernelApi.rolePlatforms.path, ok([{ platformId: 8, systemId: 'car', title: '智能车联', path: '/car/' }]))
    .on('GET', ResourceApi.mine.path, ok(RESOURCES))
    .on('GET', KernelApi.user.path, ok(DEMO_USER))
    .on('GET', NoticeApi.page.path, ok({ total: 0, unread: 0, list: [] }))
    .on('GET', '/car/v1/api/platform/overview.json', ok({ title: '智能车联', assets: { total: 3, online: 2, offline: 1, alarm: 0 }, menus: [] }))
    .on('GET', AuthApi.loginPage.path, ok({ pageId: 'p1', key: 'k1', needCode: false }))
    .on('POST', AlarmPushApi.settings.path, ok({ popup: true, sound: true, alarmTypes: ['sos'], email: { enabled: false, to: [] }, sms: { enabled: false, phones: [] } }));
}

/** Renders the whole console at `path` over a real kernel whose network is `server`. */
export function renderApp(
  path: string,
  server: FakeServer = shellServer(),
  loaders: KernelOptions['pluginLoaders'] = {},
  sockets: FakeWebSockets = new FakeWebSockets(),
): { server: FakeServer; container: Container; sockets: FakeWebSockets } {
  const container = appContainer(path, server, loaders, sockets);
  render(<AppRoot container={container} host={() => 'localhost'} />);
  return { server, container, sockets };
}

/** The kernel renderApp draws, at `path`. */
export function appContainer(
  path: string,
  server: FakeServer = shellServer(),
  loaders: KernelOptions['pluginLoaders'] = {},
  sockets: FakeWebSockets = new FakeWebSockets(),
): Container {
  window.history.replaceState(null, '', path);
  return createAppContainer({
    httpAdapter: server.adapter,
    webSocketFactory: sockets.factory,
    manifest: manifest as ManifestRecord[],
    pluginLoaders: {
      center: () => import('../../plugins/center/center-plugin'),
      car: () => import('../../plugins/car/car-plugin'),
      ...loaders,
    },
  });
}
