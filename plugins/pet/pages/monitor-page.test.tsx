import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CommandApi, LiveService, type LiveService as Live, type PetActionAnswer } from '@tianlu/sdk';
import { startPageServer, type PageServer, type WatchTestDevice } from '../../../testing/plugin-page-kit';
import { PetApi } from '../pet-api';
import MonitorPage from './monitor-page';

// 宠物定位 of 宠物守护 against the real server: a watch-protocol collar reports to its gateway and
// answers 响铃 (FIND) with FIND.

const IMEI = '868710059990001';
const COMMANDS = CommandApi.list.path;

let kit: PageServer;
let collar: WatchTestDevice;

beforeAll(async () => {
  kit = await startPageServer({ live: true });
  const { store } = kit.server;
  const demo = (await store.org.findTenantByName('天路演示'))!;
  const group = await store.fleet.ensureGroup(demo.id, null, '宠物');
  await store.fleet.provision({
    tenantId: demo.id, groupId: group, terminalNo: IMEI, displayNo: IMEI, authCode: '', imei: IMEI, protocol: 'watch', plateNo: '豆包', assetKind: 'pet',
    profile: { species: '狗', breed: '柯基' },
  });
  collar = await kit.watchTerminal(IMEI);
  await collar.report({ at: { lon: 120.7195, lat: 31.3265 }, battery: 66 });
});

afterAll(() => kit?.close());

/** 宠物定位 with 豆包's card showing its collar's charge. */
async function renderPets() {
  kit.forget();
  const rendered = await kit.render(<MonitorPage />);
  const card = await screen.findByRole('article', { name: '宠物 豆包' });
  await within(card).findByText('电量 66%');
  return { ...rendered, card };
}

/** The collar hears 响铃 (FIND) and answers it; resolves once the server holds the ring as 成功. */
async function ring(): Promise<string> {
  expect(await collar.next('FIND')).toBe(`[3G*${IMEI}*0004*FIND]`);
  collar.send('FIND');
  const [sent] = kit.requests(PetApi.action.path);
  const batchId = (sent?.answer as PetActionAnswer).batchId;
  await vi.waitFor(async () => {
    const command = await kit.server.store.db.selectFrom('commands').select('status').where('batch_id', '=', batchId).executeTakeFirstOrThrow();
    expect(command.status).toBe(2);
  }, { timeout: 10_000, interval: 100 });
  return batchId;
}

describe('宠物定位 of 宠物守护', () => {
  it('shows the cards first in the side column, the group tree a tab away, and keeps a card’s 寻宠 result across the tabs', async () => {
    const { card } = await renderPets();
    const side = within(screen.getByRole('complementary', { name: '宠物列表' }));
    expect(side.getByRole('tab', { name: '宠物卡片' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('tree')).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: '响铃' }));
    await within(card).findByText('响铃：已发送');
    await ring();
    await within(card).findByText('响铃：成功（设备正在响铃）');

    fireEvent.click(side.getByRole('tab', { name: '宠物列表' }));
    await screen.findByRole('tree');
    expect(screen.queryByRole('article', { name: '宠物 豆包' })).toBeNull();
    fireEvent.click(side.getByRole('tab', { name: '宠物卡片' }));
    const again = await screen.findByRole('article', { name: '宠物 豆包' });
    expect(within(again).getByText('响铃：成功（设备正在响铃）')).toBeTruthy();
  });

  it('draws a paw where a pet has no photo, with an icon rather than an emoji character no font may hold', async () => {
    const { card } = await renderPets();
    expect(card.querySelector('[data-photo="none"] svg')).toBeTruthy();
    expect(card.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
  });

  it('shows 响铃：成功 with the collar’s answer when it answered while the page’s live channel was reconnecting', async () => {
    const { kernel, card } = await renderPets();
    const live = kernel.get<Live>(LiveService);
    await waitFor(() => expect(live.status).toBe('live'));
    kit.live.cut();
    await waitFor(() => expect(live.status).toBe('offline'));
    fireEvent.click(within(card).getByRole('button', { name: '响铃' }));
    await within(card).findByText('响铃：已发送');
    // the collar's 成功 goes out while the page has no channel: no push brings it
    const batchId = await ring();
    kit.live.resume();
    const status = await within(card).findByText('响铃：成功（设备正在响铃）');
    expect(status.getAttribute('title')).toBe('设备原文：FIND');
    expect(kit.requests(COMMANDS).map((r) => r.query.batchId)).toEqual([batchId]);
  });

  it('keeps the collar’s 成功 and its answer pushed before 响铃’s own request was answered, and reads nothing again on a channel that stayed live', async () => {
    const { kernel, card } = await renderPets();
    const live = kernel.get<Live>(LiveService);
    await waitFor(() => expect(live.status).toBe('live'));
    let pushed = false;
    const sub = live.on('command', ({ command }) => void (pushed ||= command.commandType === 'findDevice' && command.status === 2));
    const held = kit.hold(PetApi.action.path);
    fireEvent.click(within(card).getByRole('button', { name: '响铃' }));
    await within(card).findByText('响铃：发送中');
    await held.answered;
    await ring();
    // the page heard the collar's 成功 over the live channel before its request was answered
    await waitFor(() => expect(pushed).toBe(true));
    sub.dispose();
    held.release();
    expect(await within(card).findByText('响铃：成功（设备正在响铃）')).toBeTruthy();
    expect(kit.requests(COMMANDS)).toEqual([]);
  });
});
