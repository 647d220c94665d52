/**
 * 系统管理 → 车辆管理 and 车组管理 as a tenant administrator: a spreadsheet with good and bad rows is
 * imported (the bad ones are shown with their Chinese errors, the good ones land in the list, an
 * expired one is marked), and a vehicle group is dragged under another in the group tree. Runs its
 * own server with a small provisioned fleet (the shared e2e server has no vehicles).
 */
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { test } from './browser';
import { ADMIN, login } from './console-app';
import { reaches, shows } from './expect-ui';
import { startServer, type RunningServer } from './server';
import { switchSubApp } from './shell-ui';
import { screenshot } from './screenshot';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ name: 'system-assets-e2e-server', env: { SIM_DEVICES: '3', SIM_INTERVAL_SECONDS: '5' } });
});
afterAll(() => server?.stop());

async function openSystemPage(page: Page, title: string, pathName: string): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/system/')) {
    await switchSubApp(page, '系统管理');
    await reaches(page, (p) => p.startsWith('/system/'), 'a page under /system/');
  }
  await (await shows(page.getByRole('navigation').getByText(title, { exact: true }), `the menu entry ${title}`)).click();
  await reaches(page, (p) => p === pathName, pathName);
}

/** A filled vehicle template: two good rows, two bad ones, one good but expired. */
async function vehicleSheet(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('车辆');
  sheet.addRow(['车牌号*', '车牌颜色', '车辆类型', '车架号', '司机', '资产类型', '车组', '到期日期']);
  sheet.addRow(['沪E70001', '蓝色', '小型普通客车', '', '周一', '车辆', '上海车队', '2028-06-30']);
  sheet.addRow(['', '黄色', '', '', '', '', '', '']);
  sheet.addRow(['沪E70002', '紫色', '', 'ABC', '', '', '', '']);
  sheet.addRow(['沪E70003', '', '', '', '吴二', '', '', '2020-01-01']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('系统管理: vehicles and groups', () => {
  test('imports a sheet with mixed rows: the good ones are imported, the bad ones reported', async ({ newContext }) => {
    const page = await (await newContext({ baseURL: server.baseUrl })).newPage();
    await login(page, ADMIN);
    await openSystemPage(page, '车辆管理', '/system/vehicle');
    const table = page.getByRole('table', { name: '车辆' });
    await shows(table.getByRole('row').nth(1), 'the demo vehicles in the list');
    expect(await page.getByText('共 3 条').count()).toBe(1);

    await page.getByRole('button', { name: '导入' }).click();
    const wizard = await shows(page.getByRole('dialog', { name: '导入车辆' }), 'the import wizard');
    await shows(wizard.getByRole('button', { name: '下载模板' }), 'the template button');
    await wizard.getByLabel('选择导入文件').setInputFiles({ name: '车辆导入.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await vehicleSheet() });
    await shows(wizard.getByText('有错误 2 行'), 'the preview counts');
    await shows(wizard.getByText('车牌号不能为空'), 'the empty plate error');
    await shows(wizard.getByText(/车牌颜色不正确/), 'the colour error');
    await screenshot(page, 'system-assets-import-preview.png');
    await wizard.getByRole('button', { name: '确认导入 2 行' }).click();
    await shows(wizard.getByText('导入完成：已导入 2 条。'), 'the import result');
    await screenshot(page, 'system-assets-import-done.png');
    await wizard.getByRole('button', { name: '完成' }).click();

    await page.getByPlaceholder('车牌号、VIN 或司机').fill('沪E7000');
    await page.getByRole('button', { name: '查询' }).click();
    const imported = table.getByRole('row').filter({ hasText: '沪E70001' });
    await shows(imported, 'the first imported vehicle');
    expect(await imported.innerText()).toContain('上海车队');
    const expired = await shows(table.getByRole('row').filter({ hasText: '沪E70003' }), 'the expired vehicle');
    expect(await expired.innerText()).toContain('已到期');
    expect(await table.getByRole('row').filter({ hasText: '沪E70002' }).count()).toBe(0);
    await screenshot(page, 'system-assets-vehicle-list.png');
  });

  test('drags a vehicle group under another group', async ({ newContext }) => {
    const page = await (await newContext({ baseURL: server.baseUrl })).newPage();
    await login(page, ADMIN);
    await openSystemPage(page, '车组管理', '/system/group');
    const tree = page.getByRole('tree', { name: '车组' });
    const source = await shows(tree.getByRole('treeitem', { name: '华南区域' }).locator('> div').first(), 'the group 华南区域');
    const target = tree.getByRole('treeitem', { name: '华东区域' }).locator('> div').first();
    await source.dragTo(target);
    const moved = tree.getByRole('treeitem', { name: '华东区域' }).getByRole('treeitem', { name: '华南区域' });
    await shows(moved, '华南区域 below 华东区域 after the drop');
    await screenshot(page, 'system-assets-group-moved.png');
    // a group cannot go below itself: dropping 华东区域 onto its new child changes nothing
    await tree.getByRole('treeitem', { name: '华东区域' }).locator('> div').first().dragTo(moved.locator('> div').first());
    await page.waitForLoadState('networkidle');
    expect(await tree.getByRole('treeitem', { name: '华东区域' }).getByRole('treeitem', { name: '华南区域' }).count()).toBe(1);
  });

  test('人员管理: adds a person with an uploaded photo, refuses a bad phone in Chinese and finds the person by employee number', async ({ newContext }) => {
    const page = await (await newContext({ baseURL: server.baseUrl })).newPage();
    await login(page, ADMIN);
    await openSystemPage(page, '人员管理', '/system/person');
    await shows(page.getByText('没有符合条件的人员'), 'the empty list of people');
    await page.getByRole('button', { name: '新增人员' }).click();
    const dialog = await shows(page.getByRole('dialog', { name: '新增人员' }), 'the add dialog');
    await dialog.getByRole('textbox', { name: /姓名/ }).fill('周晓梅');
    await dialog.getByRole('textbox', { name: /工号/ }).fill('e9001');
    await dialog.getByRole('textbox', { name: /部门/ }).fill('质检部');
    await dialog.getByRole('textbox', { name: /手机号/ }).fill('1391234');
    await dialog.getByLabel('选择照片').setInputFiles({ name: '头像.png', mimeType: 'image/png', buffer: PORTRAIT });
    const photo = await shows(dialog.getByRole('img', { name: '照片' }), 'the uploaded photo in the dialog');
    await page.waitForFunction((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth === 4, await photo.elementHandle());
    await dialog.getByRole('button', { name: '保存' }).click();
    await shows(dialog.getByText('手机号格式不正确，应为 11 位手机号'), 'the phone refused in Chinese');
    await dialog.getByRole('textbox', { name: /手机号/ }).fill('13912349001');
    await dialog.getByRole('button', { name: '保存' }).click();
    await shows(page.getByText('人员已新增'), 'the saved notice');

    await page.getByPlaceholder('姓名、工号、部门或手机号').fill('E9001');
    await page.getByRole('button', { name: '查询' }).click();
    const row = await shows(page.getByRole('table', { name: '人员' }).getByRole('row').filter({ hasText: '周晓梅' }), 'the new person in the list');
    expect(await row.innerText()).toContain('质检部');
    const thumb = row.getByRole('img', { name: '周晓梅的照片' });
    await page.waitForFunction((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth === 4, await thumb.elementHandle());
    await screenshot(page, 'system-assets-people.png');
  });
});

/** A 4×4 PNG (red), as a phone camera's photo would arrive after scaling. */
const PORTRAIT = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGP4z8AARwzEcQCukw/x0F8jngAAAABJRU5ErkJggg==',
  'base64',
);
