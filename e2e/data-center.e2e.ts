/**
 * 数据中心 as an operator uses it: opens 数据看板, switches to a customer below the tenant and
 * back, opens 数据大屏 in a tab of its own and watches it update when a terminal reports an SOS
 * (live over /ws). Runs its own server; the terminal registers itself (JT808_AUTO_REGISTER=1)
 * into 天路演示.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { test } from './browser';
import { ADMIN, login } from './console-app';
import { reaches, shows } from './expect-ui';
import { liveReady, screenshot, serverWithSosTerminal, SOS } from './sos-terminal';

const rig = serverWithSosTerminal('data-center-e2e-server', '013900000088');
const report = rig.report;

/** The number a headline figure shows (数据看板 and 数据大屏 mark them with data-kpi). */
async function kpi(scope: Page | Locator, key: string): Promise<number> {
  const text = await scope.locator(`[data-kpi="${key}"]`).first().innerText();
  return Number(/(\d+(?:\.\d+)?)\s*(?:%|km)?\s*$/.exec(text.trim())?.[1] ?? NaN);
}

describe('数据中心', () => {
  test('数据看板 per customer, and 数据大屏 updating live when a terminal raises an SOS', async ({ newContext }) => {
    const context = await newContext({ baseURL: rig.server.baseUrl, viewport: { width: 1600, height: 1000 } });
    const page = await context.newPage();
    await login(page, ADMIN);
    await page.goto('/dataCenter/dashboard');
    await reaches(page, (p) => p === '/dataCenter/dashboard', '数据看板');
    await shows(page.getByLabel('统计范围').filter({ hasText: '天路演示' }), 'the figures of 天路演示', 30_000);
    const total = await kpi(page, 'total');
    expect(total).toBeGreaterThan(0);
    expect(await kpi(page, 'online')).toBeGreaterThanOrEqual(1);
    await shows(page.getByRole('img', { name: '资产分布热力' }).and(page.locator('[data-ready="true"]')), 'the heat map on the China outline', 30_000);
    await shows(page.getByRole('img', { name: '资产类型与状态' }).and(page.locator('[data-ready="true"]')), 'the kinds chart');
    await screenshot(page, 'data-center-dashboard.png');

    // a customer below 天路演示 (演示物流公司 has no assets) and back
    const customer = page.getByRole('combobox', { name: '客户' });
    const wuliu = await customer.locator('option', { hasText: '演示物流公司' }).getAttribute('value');
    await customer.selectOption(wuliu!);
    await shows(page.getByLabel('统计范围').filter({ hasText: '演示物流公司' }), 'the figures of 演示物流公司');
    expect(await kpi(page, 'total')).toBe(0);
    await shows(page.getByText('30天内没有到期的服务'), 'no expiries of the customer');
    const demo = await customer.locator('option', { hasText: '天路演示' }).getAttribute('value');
    await customer.selectOption(demo!);
    await shows(page.getByLabel('统计范围').filter({ hasText: '天路演示' }), 'the figures of 天路演示 again');
    expect(await kpi(page, 'total')).toBe(total);

    // left for 首页 and back: each chart draws on the canvas it had (kept, not created and allocated anew)
    const CHARTS = ['资产类型与状态', '近30天在线率', '近30天里程', '资产分布热力', '告警类型'];
    await shows(page.getByRole('img', { name: '告警类型' }).and(page.locator('[data-ready="true"]')), 'the alarm types chart');
    await page.evaluate((labels) => {
      const first = (label: string) => document.querySelector(`#tl-main-container [role="img"][aria-label="${label}"] canvas`);
      (window as unknown as { chartCanvases: (Element | null)[] }).chartCanvases = labels.map(first);
    }, CHARTS);
    await page.getByTitle('首页', { exact: true }).click();
    await reaches(page, (p) => p === '/home', '/home');
    await page.goBack();
    await reaches(page, (p) => p === '/dataCenter/dashboard', '数据看板 again');
    for (const label of CHARTS) await shows(page.getByRole('img', { name: label }).and(page.locator('[data-ready="true"]')), `${label} again`, 30_000);
    await expect.poll(() => kpi(page, 'total'), { timeout: 15_000 }).toBe(total);
    const kept = await page.evaluate((labels) => {
      const before = (window as unknown as { chartCanvases: (Element | null)[] }).chartCanvases;
      return labels.filter((label, i) => before[i] !== null && before[i] === document.querySelector(`#tl-main-container [role="img"][aria-label="${label}"] canvas`));
    }, CHARTS);
    expect(kept).toEqual(CHARTS);
    await screenshot(page, 'data-center-dashboard-again.png');

    // 数据大屏 in a tab of its own
    const opened = context.waitForEvent('page');
    await page.locator('#tl-main-container').getByRole('button', { name: '数据大屏' }).click();
    const screen = await opened;
    const ready = liveReady(screen);
    await screen.waitForLoadState();
    const url = new URL(screen.url());
    expect(url.pathname).toBe('/dataCenter/screen');
    expect(url.searchParams.get('urlType')).toBe('blank');
    const stage = await shows(screen.locator('[data-generated]'), 'the 大屏 with its figures', 30_000);
    await shows(screen.getByRole('img', { name: '资产分布热力' }).and(screen.locator('[data-ready="true"]')), 'the 大屏 heat map', 30_000);
    // no layout around it, nothing to scroll
    expect(await screen.getByRole('navigation').count()).toBe(0);
    const overflow = await screen.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    expect(overflow).toBeLessThanOrEqual(0);
    await ready;
    const alarmsBefore = await kpi(stage, 'alarm');
    const generatedBefore = await stage.getAttribute('data-generated');
    await screenshot(screen, 'data-center-screen.png');

    await report(SOS);
    await shows(screen.getByRole('list', { name: '实时告警列表' }).getByText('紧急报警'), 'the SOS in 实时告警', 20_000);
    await expect.poll(() => kpi(stage, 'alarm'), { timeout: 30_000 }).toBe(alarmsBefore + 1);
    expect(await stage.getAttribute('data-generated')).not.toBe(generatedBefore);
    expect(Number(await stage.getAttribute('data-live-refreshes'))).toBeGreaterThanOrEqual(1);
    await screenshot(screen, 'data-center-screen-live.png');
  });
});
