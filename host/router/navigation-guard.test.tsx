import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MonitorApi, NoticeApi } from '@tianlu/sdk';
import { RESOURCES, flag, logIn, ok, renderApp, shellServer } from '../test/app-harness';

const at = (path: string) => waitFor(() => expect(window.location.pathname).toBe(path));

describe('navigation guards', () => {
  it('draws the layout with the page: the main container never shows 加载中 while the page code is on its way', async () => {
    logIn();
    const loadingInLayout: string[] = [];
    const watch = new MutationObserver(() => {
      const main = document.getElementById('tl-main-container');
      if (main?.querySelector('[role="status"]')?.textContent?.includes('加载中')) loadingInLayout.push(window.location.pathname);
    });
    watch.observe(document.body, { childList: true, subtree: true, characterData: true });
    try {
      // the first visit of this page in the file: its code is not loaded yet
      renderApp('/car/overview');
      expect(await screen.findByText('智能车联 · 概览')).toBeTruthy();
    } finally {
      watch.disconnect();
    }
    expect(loadingInLayout).toEqual([]);
  });

  it('lets an ignoreAuth route through without loading permissions', async () => {
    logIn();
    const server = shellServer().on('GET', '/car/v1/api/resource/newList.json', ok([]));
    renderApp('/home', server);
    expect(await screen.findByText('我的应用')).toBeTruthy();
    expect(window.location.pathname).toBe('/home');
  });

  it('sends a user whose menu is empty to /login', async () => {
    logIn();
    renderApp('/car/overview', shellServer().on('GET', '/car/v1/api/resource/newList.json', ok([])));
    await at('/login');
    expect(await screen.findByRole('button', { name: '登录' })).toBeTruthy();
  });

  it('goes to /reload when the permissions cannot be loaded', async () => {
    logIn();
    renderApp('/car/overview', shellServer().on('GET', '/car/v1/api/resource/newList.json', { error: 'network' }));
    await at('/reload');
    expect(await screen.findByText('站点配置加载失败')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
  });

  it('goes to /reload when the site has no branding (flag 5001)', async () => {
    logIn();
    renderApp('/home', shellServer().on('GET', '/car/v1/api/custom/queryCustomInfo.json', flag(5001, '站点未配置')));
    await at('/reload');
    expect(await screen.findByText('站点配置加载失败')).toBeTruthy();
  });

  it('sends a visitor who is not logged in to /login', async () => {
    renderApp('/home');
    await at('/login');
    expect(await screen.findByLabelText('账号')).toBeTruthy();
  });

  it('shows a permitted plugin page once its plugin has loaded', async () => {
    logIn();
    renderApp('/car/overview');
    expect(await screen.findByText('智能车联 · 概览')).toBeTruthy();
    expect(await screen.findByText('在线')).toBeTruthy();
  });

  it('enters a sub-application at its first permitted page from its base path', async () => {
    logIn();
    renderApp('/car/');
    await at('/car/overview');
  });

  it('shows 无权限 for a page whose menu id the user lacks', async () => {
    logIn();
    const withoutCarOverview = RESOURCES.filter((r) => r.id !== 8001);
    renderApp('/car/overview', shellServer().on('GET', '/car/v1/api/resource/newList.json', ok(withoutCarOverview)));
    expect(await screen.findByText('无权限')).toBeTruthy();
    expect(window.location.pathname).toBe('/car/overview');
  });

  it('shows 插件加载失败 in place of a sub-application whose plugin throws, and the console keeps working', async () => {
    logIn();
    const broken = () => Promise.reject(new Error('插件模块执行出错'));
    renderApp('/car/overview', shellServer(), { car: broken });
    expect(await screen.findByText('插件加载失败')).toBeTruthy();
    expect(screen.getByText(/子应用「智能车联」未能加载（插件模块执行出错）/)).toBeTruthy();
    expect(window.location.pathname).toBe('/car/overview');
    screen.getByRole('button', { name: '返回首页' }).click();
    await at('/home');
    expect(await screen.findByText('我的应用')).toBeTruthy();
  });

  it("asks a page's first data (its route's prefetch) before the page is drawn, once", async () => {
    logIn();
    const server = shellServer();
    const askedWhenDrawn: number[] = [];
    const watch = new MutationObserver(() => {
      if (!askedWhenDrawn.length && document.body.textContent?.includes('我的应用')) askedWhenDrawn.push(server.to(NoticeApi.page.path).length);
    });
    watch.observe(document.body, { childList: true, subtree: true, characterData: true });
    try {
      renderApp('/home', server);
      expect(await screen.findByText('暂无公告')).toBeTruthy();
    } finally {
      watch.disconnect();
    }
    expect(askedWhenDrawn).toEqual([1]);
    expect(server.to(NoticeApi.page.path)).toHaveLength(1);
  });

  it('asks nothing ahead for a page the user may not open', async () => {
    logIn();
    const { server } = renderApp('/car/monitor');
    expect(await screen.findByText('无权限')).toBeTruthy();
    expect(server.to(MonitorApi.tree.path)).toEqual([]);
  });

  it('sends unknown paths to /404', async () => {
    logIn();
    renderApp('/no/such/page');
    await at('/404');
    expect(await screen.findByText('页面不存在')).toBeTruthy();
  });
});
