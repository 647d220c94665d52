import { act, screen, waitFor } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { BOOT_ELEMENT_ID } from '../../core/boot/boot-data';
import { appContainer, logIn, shellServer } from '../test/app-harness';
import { startConsole } from './start-console';

const envelope = (obj: unknown) => ({ flag: 1, msg: '', obj });

/** The start data the server writes into a visitor's index.html. */
function writeVisitorPage() {
  const el = document.createElement('script');
  el.id = BOOT_ELEMENT_ID;
  el.type = 'application/json';
  el.textContent = JSON.stringify({
    site: {
      host: 'localhost',
      branding: envelope({ iconUrl: '', description: '演示', keyword: '天路', title: '天路车联网平台' }),
      config: envelope({ legacyLoginHosts: [], smsLoginEnabled: true }),
    },
    visitor: { loginPage: envelope({ pageId: 'p-1', key: 'k-1', needCode: false }) },
  });
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
  watch = new MutationObserver(() => drawn.push(into.textContent ?? ''));
  watch.observe(into, { childList: true, subtree: true, characterData: true });
  const container = appContainer(path, server);
  await act(async () => {
    root = await startConsole(container, into, () => 'localhost');
  });
  return { drawn, server };
}

describe('the console starting at an address', () => {
  it('draws the login form in its first render: 加载中 never shows', async () => {
    // the form's code is in the start page's own file in the build
    await (await import('../pages/login/login-page')).newLoginFormLoaded;
    writeVisitorPage();
    const { drawn, server } = await start('/login');
    expect(await screen.findByLabelText('账号')).toBeTruthy();
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn[0]).toContain('欢迎登录');
    expect(drawn.some((text) => text.includes('加载中'))).toBe(false);
    expect(document.title).toBe('天路车联网平台');
    expect(server.to('/oauth/loginPage')).toHaveLength(0);
  });

  it("opens a logged-in user's page whose guards wait for the server, asking for the grants once", async () => {
    logIn();
    const server = shellServer();
    await start('/car/overview', server);
    expect(await screen.findByText('智能车联 · 概览')).toBeTruthy();
    expect(window.location.pathname).toBe('/car/overview');
    await waitFor(() => expect(server.to('/car/v1/api/resource/newList.json')).toHaveLength(1));
    expect(server.to('/car/v1/api/platform/getPlatformByRoleId.json').length).toBe(1);
  });

  it('sends a visitor who opens a page to /login, and draws the form there', async () => {
    writeVisitorPage();
    await start('/car/overview');
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(await screen.findByLabelText('账号')).toBeTruthy();
  });
});
