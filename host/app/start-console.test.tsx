import { act, screen, waitFor } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { BOOT_ELEMENT_ID } from '../../core/boot/boot-data';
import { DEMO_USER, RESOURCES, appContainer, logIn, ok, shellServer } from '../test/app-harness';
import { AlarmService } from '../../sdk/services/alarm-service';
import { startConsole } from './start-console';

const envelope = (obj: unknown) => ({ flag: 1, msg: '', obj });

const SITE = {
  host: 'localhost',
  branding: envelope({ iconUrl: '', description: '演示', keyword: '天路', title: '天路车联网平台' }),
  config: envelope({ legacyLoginHosts: [], smsLoginEnabled: true }),
};

/** The start data the server writes into index.html: a visitor's, or (`userId`) a logged-in user's. */
function writeStartData(userId?: number, withGrants = true) {
  const el = document.createElement('script');
  el.id = BOOT_ELEMENT_ID;
  el.type = 'application/json';
  el.textContent = JSON.stringify(
    userId === undefined
      ? { site: SITE, visitor: { loginPage: envelope({ pageId: 'p-1', key: 'k-1', needCode: false }) } }
      : { site: SITE, session: { userId, roleId: DEMO_USER.roleId, platforms: envelope([{ platformId: 8, systemId: 'car', title: '智能车联', path: '/car/' }]), ...(withGrants && { resources: envelope(RESOURCES) }) } },
  );
  document.head.appendChild(el);
}

let root: Root | undefined;
let element: HTMLElement | undefined;
let watch: MutationObserver | undefined;

afterEach(() => {
  watch?.disconnect();
  act(() => root?.unmount());
  element?.remove();
  root = element = watch = undefined;
  document.getElementById(BOOT_ELEMENT_ID)?.remove();
});

/** Starts the console at `path` as index.html does, noting what #root holds after each change. */
async function start(path: string, server = shellServer()) {
  const into = (element = document.body.appendChild(document.createElement('div')));
  const drawn: string[] = [];
  let firstHadMain: boolean | undefined;
  watch = new MutationObserver(() => {
    firstHadMain ??= into.querySelector('#tl-main-container') !== null;
    drawn.push(into.textContent ?? '');
  });
  watch.observe(into, { childList: true, subtree: true, characterData: true });
  const container = appContainer(path, server);
  await act(async () => {
    root = await startConsole(container, into, () => 'localhost');
  });
  return { drawn, server, firstHadMain, container };
}

describe('the console starting at an address', () => {
  it('draws the login form in its first render: 加载中 never shows', async () => {
    // the form's code is in the start page's own file in the build
    await (await import('../pages/login/login-page')).newLoginFormLoaded;
    writeStartData();
    const { drawn, server } = await start('/login');
    expect(await screen.findByLabelText('账号')).toBeTruthy();
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn[0]).toContain('欢迎登录');
    expect(drawn.some((text) => text.includes('加载中'))).toBe(false);
    expect(document.title).toBe('天路车联网平台');
    expect(server.to('/oauth/loginPage')).toHaveLength(0);
  });

  it("draws a logged-in user's page with its layout in the first render when its guards decide soon", async () => {
    // what index.html preloads for this address: the layout, the centre, the sub-application and its page
    await Promise.all([import('../layout/main-layout'), import('../../plugins/center/center-plugin'), import('../../plugins/car/car-plugin'), import('../../plugins/car/pages/overview-page')]);
    logIn();
    writeStartData(DEMO_USER.userId, false);
    // the grants are not in the page: they come from the server a moment later
    const server = shellServer().on('GET', '/car/v1/api/resource/newList.json', async () => {
      await new Promise((resolve) => setTimeout(resolve, 40));
      return ok(RESOURCES);
    });
    const { drawn, firstHadMain } = await start('/car/overview', server);
    expect(await screen.findByText('智能车联 · 概览')).toBeTruthy();
    // the first render holds the header, the menu and the page's container: the shell's 加载中 alone never shows
    expect(firstHadMain).toBe(true);
    expect(drawn.every((text) => text.includes('系统中心'))).toBe(true);
    expect(server.to('/car/v1/api/resource/newList.json')).toHaveLength(1);
  });

  it("opens a logged-in user's page whose guards wait for the server, asking for the grants once", async () => {
    logIn();
    const server = shellServer();
    const { container } = await start('/car/overview', server);
    expect(await screen.findByText('智能车联 · 概览')).toBeTruthy();
    expect(window.location.pathname).toBe('/car/overview');
    await waitFor(() => expect(server.to('/car/v1/api/resource/newList.json')).toHaveLength(1));
    expect(server.to('/car/v1/api/platform/getPlatformByRoleId.json').length).toBe(1);
    // the alarm desk's settings are asked once, as the console starts, and not again when the desk begins
    await waitFor(() => expect(container.get<AlarmService>(AlarmService).push).not.toBeUndefined());
    expect(server.to('/car/v4/api/alarm/push/listAlarmPushInfo.json')).toHaveLength(1);
  });

  it('sends a visitor who opens a page to /login, and draws the form there', async () => {
    writeStartData();
    await start('/car/overview');
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(await screen.findByLabelText('账号')).toBeTruthy();
  });
});
