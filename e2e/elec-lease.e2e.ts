/**
 * 电动车租赁 as an operator uses it: the empty module says what to do first; adds a renter (phone
 * and identity number shown masked), signs a contract for an e-bike, finds it 租赁中 in 合同管理,
 * takes the deposit and the rent with their kinds and receipts (a rent above what is owed only once
 * confirmed as 预付), sees rent and deposit apart in 收入概览 and takes the e-bike back. Runs its own server.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { test } from './browser';
import { ADMIN, login } from './console-app';
import { reaches, shows } from './expect-ui';
import { RESULTS_DIR, startServer, type RunningServer } from './server';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ name: 'elec-lease-e2e-server' });
});
afterAll(() => server?.stop());

/** The dialog lies wholly inside the 1366×768 window. */
async function fitsWindow(page: Page, dialog: ReturnType<Page['getByRole']>) {
  const box = (await dialog.boundingBox())!;
  const view = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(view.width);
  expect(box.y + box.height).toBeLessThanOrEqual(view.height);
}

function screenshot(page: Page, name: string) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  return page.screenshot({ path: path.join(RESULTS_DIR, name) });
}

describe('电动车租赁', () => {
  test('adds a renter, rents an e-bike out, sees it in 合同管理 and 收入概览, and takes it back', async ({ newContext }) => {
    const page = await (await newContext({ baseURL: server.baseUrl })).newPage();
    const session = await login(page, ADMIN);
    const headers = { sessionId: session.sessionId, userId: session.userId };
    // an e-bike of the fleet, registered in 电动车管理
    const added = await (await page.request.post('/car/v1/api/system/vehicle/add.json', { headers, data: { plateNo: '粤B·Z00001', assetKind: 'ebike', plateColor: 0 } })).json();
    expect(added.flag, added.msg).toBe(1);

    await page.goto('/elec-lease/renter');
    await reaches(page, (p) => p === '/elec-lease/renter', '租户管理');
    await shows(page.getByText('第一次使用电动车租赁'), 'what to do first in the empty module');
    await shows(page.getByText(/先添加租户（姓名、手机号、身份证号），再到合同管理为租户签订合同/), 'the first two steps');
    await page.getByRole('button', { name: '新增租户' }).click();
    const dialog = await shows(page.getByRole('dialog', { name: '新增租户' }), 'the renter dialog');
    await dialog.getByRole('textbox', { name: /姓名/ }).fill('赵小租');
    await dialog.getByRole('textbox', { name: /手机号/ }).fill('13700001234');
    const idNo = dialog.getByRole('textbox', { name: /身份证号/ });
    await idNo.fill('110105194912310021');
    await shows(dialog.getByText('身份证号不正确（18 位，含校验位）'), 'the check digit refused while typing');
    await dialog.getByRole('button', { name: '保存' }).click();
    await shows(dialog.getByText('身份证号校验不通过，请核对出生日期和最后一位校验码'), 'the server’s refusal');
    await idNo.fill('11010519491231002X');
    await dialog.getByRole('button', { name: '保存' }).click();
    const renterRow = await shows(page.getByRole('table', { name: '租户' }).getByRole('row').filter({ hasText: '赵小租' }), 'the renter in the list');
    const renterText = await renterRow.innerText();
    expect(renterText).toContain('137****1234');
    expect(renterText).toContain('110105********002X');
    await screenshot(page, 'elec-lease-renters.png');

    await page.goto('/elec-lease/contract');
    await reaches(page, (p) => p === '/elec-lease/contract', '合同管理');
    await page.getByRole('button', { name: '签订合同', exact: true }).click();
    const sign = await shows(page.getByRole('dialog', { name: '签订合同' }), 'the contract dialog');
    const bike = sign.getByRole('combobox', { name: /电动车/ });
    await expect.poll(() => bike.locator('option').allInnerTexts(), { timeout: 15_000 }).toContain('粤B·Z00001');
    await bike.selectOption({ label: '粤B·Z00001' });
    const renter = sign.getByRole('combobox', { name: /^租户/ });
    await expect.poll(() => renter.locator('option').allInnerTexts(), { timeout: 15_000 }).toContain('赵小租 137****1234');
    await renter.selectOption({ label: '赵小租 137****1234' });
    await sign.getByRole('textbox', { name: /月租金/ }).fill('299');
    await sign.getByRole('textbox', { name: /押金/ }).fill('500');
    await sign.getByRole('button', { name: '签订', exact: true }).click();
    const table = page.getByRole('table', { name: '租赁合同' });
    const row = await shows(table.getByRole('row').filter({ hasText: '粤B·Z00001' }), 'the contract in 合同管理');
    expect(await row.innerText()).toContain('租赁中');
    expect(await row.innerText()).toContain('赵小租 137****1234');
    expect(await row.innerText()).toContain('欠费 ¥299');

    // the deposit first (what the dialog offers while none is held), by WeChat, with its receipt
    await row.getByRole('button', { name: '收款' }).click();
    let pay = await shows(page.getByRole('dialog', { name: '收款' }), 'the payment dialog');
    await fitsWindow(page, pay);
    expect(await pay.getByRole('combobox', { name: /款项类型/ }).inputValue()).toBe('deposit');
    expect(await pay.getByRole('textbox', { name: /金额/ }).inputValue()).toBe('500');
    await pay.getByRole('combobox', { name: /收款方式/ }).selectOption({ label: '微信' });
    await pay.getByRole('button', { name: '确认收款' }).click();
    let receipt = await shows(page.getByRole('dialog', { name: '收据' }), 'the receipt of the deposit');
    const first = await shows(receipt.getByRole('region', { name: /^收据 SJ-\d{4}-000001$/ }), 'receipt 000001');
    expect(await first.innerText()).toContain('伍佰元整');
    expect(await first.innerText()).toContain('微信');
    await shows(receipt.getByRole('button', { name: '打印收据' }), 'the print button');
    await fitsWindow(page, receipt);
    await screenshot(page, 'elec-lease-receipt.png');
    await receipt.getByRole('button', { name: '关闭' }).click();

    // then the month's rent, and ¥100 more only once confirmed as 预付
    const rented = () => page.getByRole('table', { name: '租赁合同' }).getByRole('row').filter({ hasText: '粤B·Z00001' });
    await rented().getByRole('button', { name: '收款' }).click();
    pay = await shows(page.getByRole('dialog', { name: '收款' }), 'the payment dialog again');
    await pay.getByRole('combobox', { name: /款项类型/ }).selectOption({ label: '租金' });
    expect(await pay.getByRole('textbox', { name: /金额/ }).inputValue()).toBe('299');
    await pay.getByRole('textbox', { name: /金额/ }).fill('399');
    await pay.getByRole('button', { name: '确认收款' }).click();
    await shows(pay.getByText(/超过当前欠费 ¥299，多出的 ¥100 将记为预付租金/), 'the question about the ¥100 above the rent owed');
    await pay.getByRole('checkbox', { name: '确认多出的 ¥100 记为预付租金' }).check();
    await pay.getByRole('button', { name: '确认收款' }).click();
    receipt = await shows(page.getByRole('dialog', { name: '收据' }), 'the receipt of the rent');
    expect(await (await shows(receipt.getByRole('region', { name: /^收据 SJ-\d{4}-000002$/ }), 'receipt 000002')).innerText()).toContain('租金（含预付 ¥100）');
    await receipt.getByRole('button', { name: '全部收据' }).click();
    await expect.poll(() => receipt.getByRole('table', { name: '收款记录' }).getByRole('row').count(), { timeout: 15_000 }).toBe(3);
    await receipt.getByRole('button', { name: '关闭' }).click();
    await expect.poll(() => rented().innerText(), { timeout: 15_000 }).toContain('预付 ¥100');
    expect(await rented().innerText()).toContain('已收 ¥500');
    await screenshot(page, 'elec-lease-contracts.png');

    await page.goto('/elec-lease/income');
    await reaches(page, (p) => p === '/elec-lease/income', '收入概览');
    const due = await shows(page.getByLabel('应收租金'), 'the rent due');
    await expect.poll(() => due.innerText(), { timeout: 15_000 }).toContain('¥299');
    expect(await page.getByLabel('实收租金').innerText()).toContain('¥399');
    expect(await page.getByLabel('收押金').innerText()).toContain('¥500');
    expect(await page.getByLabel('押金余额').innerText()).toContain('¥500');
    expect(await page.getByLabel('在租').innerText()).toContain('1 辆');
    await shows(page.getByRole('img', { name: '每月租金' }).locator('canvas'), 'the monthly chart');
    await screenshot(page, 'elec-lease-income.png');

    await page.goto('/elec-lease/contract');
    const again = await shows(page.getByRole('table', { name: '租赁合同' }).getByRole('row').filter({ hasText: '粤B·Z00001' }), 'the contract again');
    await again.getByRole('button', { name: '还车' }).click();
    const giveBack = await shows(page.getByRole('dialog', { name: '还车' }), 'the return dialog');
    await giveBack.getByRole('button', { name: '确认还车' }).click();
    await expect.poll(() => page.getByRole('table', { name: '租赁合同' }).getByRole('row').filter({ hasText: '粤B·Z00001' }).innerText(), { timeout: 15_000 }).toContain('已退租');
  });
});
