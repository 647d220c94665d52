/**
 * Each kind speaks its own words, against the real server with the demo's badges, collars and
 * e-bike guards (SIM_ASSETS=1): for a person, a pet and an e-bike the operator opens the info
 * dialog from the kind's monitor and 里程报表 filtered to the asset; for the person also 告警中心
 * with the SOS its badge raised. None of the vehicle words the kind says otherwise (read from the
 * SDK's vocabulary) appears in them. Runs its own server.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { AssetKind } from '../sdk/asset-kinds';
import { ASSET_VOCABULARY, vehicleWordsAvoided } from '../sdk/asset-vocabulary';
import { test } from './browser';
import { ADMIN, login } from './console-app';
import { reaches, shows } from './expect-ui';
import { startServer, type RunningServer } from './server';
import { liveReady } from './sos-terminal';
import { WATCH_SOS, WatchBadge } from './watch-badge';

/** A demo badge (card.e2e's): its wearer is one of the demo staff. */
const BADGE = '868710040000093';
const WORKS = { lon: 120.7195, lat: 31.3265 };
let server: RunningServer;
let badge: WatchBadge;

beforeAll(async () => {
  server = await startServer({ name: 'kind-words-e2e-server', env: { AUTO_REGISTER: '1', SIM_ASSETS: '1' } });
  badge = await WatchBadge.connect(server.watchPort, BADGE);
  for (let m = 30; m >= 0; m -= 10) await badge.send(WatchBadge.location('UD', WORKS, new Date(Date.now() - m * 60_000)));
});
afterAll(async () => {
  badge?.close();
  await server?.stop();
});

/** Asserts that `where` shows none of the vehicle words `kind` says otherwise. */
async function speaksOwnWords(where: Locator, kind: AssetKind, what: string): Promise<void> {
  const text = await where.innerText();
  for (const word of vehicleWordsAvoided(kind)) expect(text, `${what} says ${word}`).not.toContain(word);
}

/** Opens the asset of `terminalNo` (or the first) from its kind's monitor; checks both tabs of the info dialog. Answers its terminal number. */
async function checkInfoDialog(page: Page, kind: AssetKind, monitorPath: string, terminalNo?: string): Promise<string> {
  await page.goto(monitorPath);
  await reaches(page, (p) => p === monitorPath, monitorPath);
  const rows = page.locator('[role="row"][data-row-key]');
  const row = terminalNo ? page.locator(`[role="row"][data-row-key="${terminalNo}"]`) : rows.first();
  await shows(row, `a ${kind} in the monitor table`, 30_000);
  const no = (await row.getAttribute('data-row-key'))!;
  await row.click();
  const words = ASSET_VOCABULARY[kind];
  const dialog = await shows(page.getByRole('dialog').filter({ hasText: words.infoTitle }), `the ${words.infoTitle} dialog`, 20_000);
  await shows(dialog.getByText(words.nameLabel, { exact: true }), `the ${words.nameLabel} field`);
  await speaksOwnWords(dialog, kind, `the ${kind}'s 跟踪 tab`);
  await dialog.getByRole('tab', { name: '详情' }).click();
  await shows(dialog.getByText('终端型号'), 'the 详情 tab', 20_000);
  await speaksOwnWords(dialog, kind, `the ${kind}'s 详情 tab`);
  await dialog.getByRole('button', { name: '关闭' }).click();
  return no;
}

/** 里程报表 of today filtered to one asset: its headers are the kind's. */
async function checkMileageReport(page: Page, kind: AssetKind, terminalNo: string): Promise<void> {
  await page.goto('/data-report/dataReport/mileageReport');
  const search = await shows(page.getByRole('search', { name: '里程报表查询' }), 'the 里程报表 filters', 30_000);
  await search.getByRole('button', { name: '今天' }).click();
  await search.getByLabel('车牌号/终端号').fill(terminalNo);
  await search.getByRole('button', { name: '查询' }).click();
  const table = page.getByRole('table', { name: '里程报表' });
  await shows(table.locator(`[role="row"][data-row-key^="${terminalNo}-"]`), `the ${kind}'s row of today`, 30_000);
  const words = ASSET_VOCABULARY[kind];
  const headers = await table.getByRole('columnheader').allInnerTexts();
  expect(headers).toEqual(expect.arrayContaining([words.nameLabel, words.groupLabel]));
  await speaksOwnWords(table, kind, `the ${kind}'s 里程报表`);
}

describe('each kind speaks its own words', () => {
  test('a person: 人员信息, 告警中心 headed 姓名 and 部门 with its handling example, 里程报表', async ({ newContext }) => {
    const page = await (await newContext({ baseURL: server.baseUrl })).newPage();
    const ready = liveReady(page);
    await login(page, ADMIN);
    await ready;
    await checkInfoDialog(page, 'person', '/card/monitor', BADGE);

    await badge.send(WatchBadge.location('AL', WORKS, new Date(), WATCH_SOS), 'AL');
    await page.goto(`/car/alarm?keyword=${BADGE}`);
    const table = page.getByRole('table', { name: '实时告警' });
    await shows(table.getByRole('row').filter({ hasText: '紧急报警' }).filter({ hasText: BADGE }), 'the SOS in 实时告警', 30_000);
    const headers = await table.getByRole('columnheader').allInnerTexts();
    expect(headers).toEqual(expect.arrayContaining([ASSET_VOCABULARY.person.nameLabel, ASSET_VOCABULARY.person.groupLabel]));
    await speaksOwnWords(table, 'person', 'the person’s 告警中心');
    await page.getByRole('checkbox', { name: '全选本页' }).click();
    await page.getByRole('button', { name: /批量处理/ }).click();
    const handle = await shows(page.getByRole('dialog', { name: '处理告警' }), 'the 处理告警 dialog');
    expect(await handle.getByRole('textbox').getAttribute('placeholder')).toBe(`例如：${ASSET_VOCABULARY.person.handlingExample}`);
    await handle.getByRole('button', { name: '取消' }).click();

    await checkMileageReport(page, 'person', BADGE);
  });

  test('a pet: 宠物信息 and 里程报表', async ({ newContext }) => {
    const page = await (await newContext({ baseURL: server.baseUrl })).newPage();
    await login(page, ADMIN);
    const terminalNo = await checkInfoDialog(page, 'pet', '/pet/monitor');
    await checkMileageReport(page, 'pet', terminalNo);
  });

  test('an e-bike: 电动车信息 and 里程报表', async ({ newContext }) => {
    const page = await (await newContext({ baseURL: server.baseUrl })).newPage();
    await login(page, ADMIN);
    const terminalNo = await checkInfoDialog(page, 'ebike', '/elec-car/monitor');
    await checkMileageReport(page, 'ebike', terminalNo);
  });
});
