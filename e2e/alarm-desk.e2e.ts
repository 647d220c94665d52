/**
 * The alarm desk as an operator at 1366×768 meets it, with the demo fleet running (vehicles, badges,
 * collars and armed e-bikes raising what they raise): a badge's SOS arrives while other alarms keep
 * coming; the operator opens its 处理 form and types a note for 20 s while ten more alarms arrive; the
 * tree's 报警 filter, the person's card and 数据看板 show the SOS meanwhile; the note is submitted and
 * the SOS shows 已处理. Every click goes to the element at the click point, never forced: a covered
 * button fails the scenario. The browser runs in Berlin time; the desk shows China time.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { Jt808TestTerminal } from '../server/gateway/testing/jt808-test-terminal';
import { test } from './browser';
import { ADMIN, login } from './console-app';
import { reaches, shows } from './expect-ui';
import { startServer, type RunningServer } from './server';
import { liveReady, screenshot } from './sos-terminal';
import { WATCH_SOS, WatchBadge } from './watch-badge';

const BADGE = '868710040000077';
const WORKS = { lon: 120.7195, lat: 31.3265 };
/** Twelve vehicles: two raise alarms before the SOS, ten while its note is typed. */
const VEHICLES = Array.from({ length: 12 }, (_, i) => `0139000001${String(i).padStart(2, '0')}`);
const NOTE = '已电话联系本人，确认是误触，人员安全';
const TYPING_MS = 20_000;

let server: RunningServer;
let badge: WatchBadge;
const terminals: Jt808TestTerminal[] = [];

beforeAll(async () => {
  server = await startServer({ name: 'alarm-desk-e2e-server', env: { AUTO_REGISTER: '1', JT808_AUTO_REGISTER: '1', SIM_ASSETS: '1', SIM_DEVICES: '20' } });
  badge = await WatchBadge.connect(server.watchPort, BADGE);
  await badge.send(WatchBadge.location('UD', WORKS, new Date()));
  for (const phone of VEHICLES) {
    const t = await Jt808TestTerminal.connect(server.jt808Port, phone);
    await t.login();
    terminals.push(t);
  }
});
afterAll(async () => {
  badge?.close();
  for (const t of terminals) t.close();
  await server?.stop();
});

/**
 * Clicks the middle of `target` as a person would: it must be inside the window and the element the
 * browser finds at that point must be the target or inside it.
 */
async function clickUncovered(page: Page, target: Locator, what: string): Promise<void> {
  // a live list may redraw the target between finding it and measuring it: find it again then
  for (let attempt = 1; ; attempt++) {
    try {
      await clickUncoveredOnce(page, target, what);
      return;
    } catch (error) {
      if (attempt >= 5 || !/not attached to the DOM/.test(String(error))) throw error;
    }
  }
}

async function clickUncoveredOnce(page: Page, target: Locator, what: string): Promise<void> {
  const el = target.first();
  await el.scrollIntoViewIfNeeded();
  const box = await el.boundingBox();
  if (!box) throw new Error(`${what} is not on screen`);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const view = page.viewportSize()!;
  expect(x >= 0 && y >= 0 && x <= view.width && y <= view.height, `${what} lies inside the window`).toBe(true);
  const cover = await el.evaluate((node, [px, py]) => {
    const top = document.elementFromPoint(px!, py!);
    if (!top || node === top || node.contains(top)) return null;
    return `${top.tagName.toLowerCase()}${top.getAttribute('role') ? `[role=${top.getAttribute('role')}]` : ''} "${(top.textContent ?? '').trim().slice(0, 40)}"`;
  }, [x, y]);
  expect(cover, `${what} is covered`).toBeNull();
  await page.mouse.click(x, y);
}

/** A 0x0200 with alarm bits from the i-th vehicle, now; resolves once acknowledged. */
async function vehicleAlarm(i: number, alarmFlags: number): Promise<void> {
  const t = terminals[i]!;
  const serial = t.sendLocation({ latitude: 31.3 + i * 0.01, longitude: 120.6 + i * 0.01, speedKmh: 30, statusFlags: 0b11, alarmFlags, gpsTime: new Date() });
  expect((await t.ackFor(serial, 10_000)).result).toBe(0);
}

/** Goes to a sub-application and one of its pages through the header's switcher and the menu, as a person does. */
async function openPage(page: Page, app: string, menu: string, path: string): Promise<void> {
  await clickUncovered(page, page.getByRole('button', { name: /^切换子系统/ }), 'the sub-application switcher');
  await clickUncovered(page, await shows(page.getByRole('menuitemradio', { name: app }), `${app} in the switcher`), app);
  await clickUncovered(page, await shows(page.getByRole('navigation', { name: '菜单' }).getByRole('button', { name: menu }), `${menu} in the menu`, 20_000), menu);
  await reaches(page, (p) => p === path, menu, 20_000);
}

const SOS_BIT = 1;
const OVERSPEED_BIT = 1 << 1;

describe('告警栏', () => {
  test('an SOS being handled keeps its note while ten alarms arrive; the tree, the card and 数据看板 show it until 已处理', async ({ newContext }) => {
    const page = await (await newContext({ baseURL: server.baseUrl, timezoneId: 'Europe/Berlin' })).newPage();
    // what became of each beep the desk played, and anything the page's policy blocked
    await page.addInitScript(() => {
      const w = window as unknown as { beeps: string[]; blocked: string[] };
      w.beeps = [];
      w.blocked = [];
      document.addEventListener('securitypolicyviolation', (e) => w.blocked.push(`${e.violatedDirective} ${e.blockedURI}`));
      const play = HTMLMediaElement.prototype.play;
      HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
        const played = play.call(this);
        played.then(() => w.beeps.push('played'), (err: Error) => w.beeps.push(err.name));
        return played;
      };
    });
    const ready = liveReady(page);
    await login(page, ADMIN);
    await ready;
    await openPage(page, '智能车联', '实时监控', '/car/monitor');

    // other alarms keep coming: two vehicles before the SOS
    await vehicleAlarm(0, OVERSPEED_BIT);
    await vehicleAlarm(1, OVERSPEED_BIT);
    const sosAt = new Date();
    await badge.send(WatchBadge.location('AL', WORKS, sosAt, WATCH_SOS), 'AL');

    const desk = await shows(page.getByRole('complementary', { name: '告警栏' }), 'the desk opened by the SOS', 30_000);
    const entryOf = (terminalNo: string) => desk.locator(`[role="alert"][data-terminal="${terminalNo}"]`);
    const card = await shows(entryOf(BADGE).filter({ hasText: '紧急报警' }), 'the badge’s SOS on the desk', 30_000);
    const china = new Date(sosAt.getTime() + 8 * 3_600_000).toISOString().slice(11, 16);
    await shows(card.getByText(new RegExp(`${china}:\\d\\d`)), `the SOS time in China time (${china})`);
    await shows(card.getByText('紧急', { exact: true }), 'its level 紧急');
    // the page has had clicks (the login): the SOS is heard, and the page's policy lets the beep play
    await expect.poll(() => page.evaluate(() => (window as unknown as { beeps: string[] }).beeps), { timeout: 10_000 }).toContain('played');
    expect(await page.evaluate(() => (window as unknown as { blocked: string[] }).blocked)).toEqual([]);
    await screenshot(page, 'alarm-desk-sos.png');

    await clickUncovered(page, card.getByRole('button', { name: '处理' }), 'the SOS’s 处理');
    const handling = desk.getByRole('alert').filter({ has: page.getByRole('textbox', { name: '处理意见' }) });
    const note = await shows(handling.getByRole('textbox', { name: '处理意见' }), 'the note box of the SOS');
    await clickUncovered(page, note, 'the note box');

    // 20 s of typing while ten more alarms arrive (SOS, some with 超速, from ten vehicles)
    const typing = page.keyboard.type(NOTE, { delay: Math.floor(TYPING_MS / NOTE.length) });
    for (let i = 2; i < VEHICLES.length; i++) {
      await new Promise((r) => setTimeout(r, TYPING_MS / 10 - 200));
      await vehicleAlarm(i, SOS_BIT | (i % 2 ? OVERSPEED_BIT : 0));
    }
    await typing;
    for (const phone of VEHICLES.slice(2)) await shows(entryOf(phone.replace(/^0+/, '')).or(entryOf(phone)).filter({ hasText: '紧急报警' }), `the SOS of ${phone}`, 20_000);
    expect(await note.inputValue()).toBe(NOTE);
    expect(await note.evaluate((el) => el === document.activeElement)).toBe(true);
    await screenshot(page, 'alarm-desk-note-kept.png');

    // meanwhile the SOS shows where the operator looks: 人员监控's 报警 filter and the person's card
    await openPage(page, '智能工牌', '人员监控', '/card/monitor');
    const alarmFilter = page.locator('[role="radiogroup"][aria-label="状态筛选"] [data-status="alarm"]');
    await expect.poll(async () => Number((await alarmFilter.innerText()).replace(/\D/g, '')), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    await clickUncovered(page, alarmFilter, 'the tree’s 报警 filter');
    await page.getByRole('searchbox').first().fill(BADGE);
    const wearer = await shows(page.locator(`[role="tree"] [data-terminal="${BADGE}"]`), 'the badge’s wearer under 报警', 30_000);
    await shows(wearer.getByText('SOS'), 'SOS on the wearer’s row');
    await clickUncovered(page, wearer, 'the wearer');
    // selecting the person opens their dialog; the card over the map stays once it is closed
    await shows(page.getByRole('dialog'), 'the person’s dialog', 20_000);
    await page.keyboard.press('Escape');
    const personCard = await shows(page.getByLabel(/的信息$/), 'the person card', 20_000);
    await shows(personCard.getByText('SOS'), 'SOS on the person card');
    await screenshot(page, 'alarm-desk-person-sos.png');

    await openPage(page, '数据中心', '数据看板', '/dataCenter/dashboard');
    const alarmKpi = page.locator('[data-kpi="alarm"]');
    await shows(alarmKpi, '数据看板’s 告警', 30_000);
    await expect.poll(async () => Number((await alarmKpi.innerText()).replace(/\D/g, '')), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);

    // back at the desk: the SOS is still being handled with its note; 确定 handles it
    await openPage(page, '智能车联', '实时监控', '/car/monitor');
    const deskAgain = await shows(page.getByRole('complementary', { name: '告警栏' }), 'the desk', 20_000);
    const stillHandled = deskAgain.locator(`[role="alert"][data-terminal="${BADGE}"]`).filter({ has: page.getByRole('textbox', { name: '处理意见' }) });
    await shows(stillHandled, 'the SOS still being handled after moving between pages');
    expect(await stillHandled.getByRole('textbox', { name: '处理意见' }).inputValue()).toBe(NOTE);
    await clickUncovered(page, stillHandled.getByRole('button', { name: '确定' }), 'the SOS’s 确定');
    await expect.poll(() => deskAgain.locator(`[role="alert"][data-terminal="${BADGE}"]`).count(), { timeout: 15_000 }).toBe(0);

    await openPage(page, '智能车联', '告警中心', '/car/alarm');
    await clickUncovered(page, page.getByRole('tab', { name: '历史告警' }), '历史告警');
    await page.getByRole('textbox', { name: '名称/终端号' }).fill(BADGE);
    await clickUncovered(page, page.getByRole('button', { name: '查询' }), '查询');
    const history = page.getByRole('table', { name: '历史告警' });
    const done = await shows(history.getByRole('row').filter({ hasText: '紧急报警' }).filter({ hasText: NOTE }), 'the SOS in 历史告警 with the note', 20_000);
    await shows(done.getByText('已处理'), 'its 已处理');
    await screenshot(page, 'alarm-desk-handled.png');
  });
});
