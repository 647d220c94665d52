import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveService, type LiveService as Live } from '@tianlu/sdk';
import { startPageServer, WatchTestDevice, type PageServer } from '../../../testing/plugin-page-kit';
import { PetApi } from '../pet-api';
import { PetCards } from './pet-cards';

const COLLAR = '358710040000123';

let kit: PageServer;
let collar: WatchTestDevice;

beforeAll(async () => {
  kit = await startPageServer({ live: true });
  const { store, fleet } = kit.server;
  const demo = (await store.org.findTenantByName('天路演示'))!;
  await store.fleet.provision({ tenantId: demo.id, groupId: null, terminalNo: COLLAR, displayNo: COLLAR, authCode: '', imei: COLLAR, protocol: 'watch', plateNo: '豆豆', assetKind: 'pet' });
  collar = await WatchTestDevice.open(fleet.devices.watch!.port, COLLAR);
  collar.send('LK,1200,0,80');
  await collar.next('LK');
});

afterAll(async () => {
  collar?.close();
  await kit?.close();
});

describe('宠物卡片', () => {
  it('shows the collar’s answer to 响铃 in Chinese, its own words in the tooltip', async () => {
    const { kernel } = await kit.render(<PetCards />);
    const live = kernel.get<Live>(LiveService);
    live.connect();
    await waitFor(() => expect(live.status).toBe('live'));
    const card = await screen.findByRole('article', { name: '宠物 豆豆' });
    fireEvent.click(within(card).getByRole('button', { name: '响铃' }));
    // the collar is online: the gateway sent it FIND
    expect(await collar.next('FIND')).toBe(`[3G*${COLLAR}*0004*FIND]`);
    await within(card).findByText('响铃：已发送');
    expect(kit.requests(PetApi.action.path)[0]).toMatchObject({ body: { action: 'ring' }, flag: 1 });
    // the collar echoes FIND: the live channel brings the command's end
    collar.send('FIND');
    const status = await within(card).findByText('响铃：成功（设备正在响铃）');
    expect(status.getAttribute('title')).toBe('设备原文：FIND');
  });

  it('says why the list failed and reads it again on 重试', async () => {
    kit.failNext(PetApi.list.path);
    await kit.render(<PetCards />);
    expect(await screen.findByText('服务器内部错误')).toBeTruthy();
    expect(screen.queryByText('暂无宠物')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('article', { name: '宠物 豆豆' })).toBeTruthy();
    expect(screen.queryByText('服务器内部错误')).toBeNull();
  });

  it('searches as the name is typed, without the blanks around it', async () => {
    kit.forget();
    await kit.render(<PetCards />);
    await screen.findByRole('article', { name: '宠物 豆豆' });
    fireEvent.change(screen.getByRole('textbox', { name: '搜索宠物' }), { target: { value: '球球 ' } });
    expect(await screen.findByText('暂无宠物')).toBeTruthy();
    expect(kit.requests(PetApi.list.path).map((r) => r.query)).toEqual([{ current: '1', pageSize: '20' }, { current: '1', pageSize: '20', keyword: '球球' }]);
  });
});
