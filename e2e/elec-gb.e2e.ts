/**
 * 新国标 as an operator uses it: registers an e-bike built for 30 km/h and sees it judged 不合规
 * with that reason while typing and in the list, prints its QR label in a tab of its own, and
 * reads and exports 合规报表. Runs its own server.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { test } from './browser';
import { ADMIN, login } from './console-app';
import { reaches, shows } from './expect-ui';
import { startServer, type RunningServer } from './server';
import { screenshot } from './screenshot';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ name: 'elec-gb-e2e-server' });
});
afterAll(() => server?.stop());

describe('新国标', () => {
  test('registers an e-bike beyond the standard, prints its label and reads the compliance report', async ({ newContext }) => {
    const context = await newContext({ baseURL: server.baseUrl, acceptDownloads: true });
    const page = await context.newPage();
    await login(page, ADMIN);
    await page.goto('/elec-gb/declare');
    await reaches(page, (p) => p === '/elec-gb/declare', '备案登记');
    await shows(page.getByText('没有符合条件的备案'), 'the empty list');

    await page.getByRole('button', { name: '新增备案' }).click();
    const dialog = await shows(page.getByRole('dialog', { name: '新增备案' }), 'the record dialog');
    const fill = (label: RegExp, value: string) => dialog.getByRole('textbox', { name: label }).fill(value);
    await fill(/车主姓名/, '王伟');
    await fill(/车主手机号/, '13800002222');
    await fill(/品牌/, '雅迪');
    await fill(/车架号/, 'e2egb0001');
    await fill(/号牌/, '深圳A00001');
    await fill(/最高设计车速/, '30');
    await fill(/整车质量/, '50');
    await fill(/电机功率/, '350');
    await shows(dialog.getByText('最高设计车速 30 km/h 超过 25 km/h'), 'the verdict while typing');
    await dialog.getByRole('button', { name: '保存' }).click();
    await shows(page.getByText('备案已登记：不合规'), 'the saved notice with the verdict');
    const row = await shows(page.getByRole('table', { name: '备案登记' }).getByRole('row').filter({ hasText: 'E2EGB0001' }), 'the record in the list');
    expect(await row.innerText()).toContain('车速超标');
    expect(await row.innerText()).toContain('138****2222');
    await screenshot(page, 'elec-gb-declare.png');

    await row.getByRole('checkbox').check();
    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: '打印标签' }).click();
    const tab = await opened;
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe('/elec-gb/labels');
    const label = await shows(tab.getByRole('figure'), 'the label');
    expect(await label.innerText()).toContain('不合规：车速超标');
    const qr = label.getByRole('img');
    await tab.waitForFunction((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 100, await qr.elementHandle());
    await screenshot(tab, 'elec-gb-labels.png');
    await tab.close();

    await page.goto('/elec-gb/report');
    const line = await shows(page.getByRole('table', { name: '合规报表' }).getByRole('row').filter({ hasText: '天路演示' }), 'the customer line');
    expect((await line.innerText()).replace(/\s+/g, ' ')).toContain('天路演示 1 0 1 0%');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出' }).click();
    expect((await download).suggestedFilename()).toBe('新国标合规报表.xlsx');
    await screenshot(page, 'elec-gb-report.png');
  });
});
