import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LiveService, PermissionService, ServiceProvider, type Command, type LiveService as Live, type PermissionService as Perms } from '@tianlu/sdk';
import { createKernel } from '../../core';
import { FakeServer, ok, storeUser } from '../../core/test/fake-server';
import { FakeWebSockets } from '../../core/test/fake-web-socket';
import { PetCards } from '../../plugins/pet/components/pet-cards';

const COLLAR = '358710040000123';
const pet = { vehicleId: 5, name: '豆豆', groupName: '宠物守护', terminalNo: COLLAR, protocol: 'watch', profile: {}, lostSince: null, zoneCount: 0 };

const command = (status: Command['status'], statusText: string, result: Command['result']): Command => ({
  id: 9, batchId: 'b9', terminalNo: COLLAR, plateNo: '豆豆', commandType: 'findDevice', commandName: '寻找设备', params: {}, status, statusText,
  account: 'admin', createTime: '2026-05-01T10:00:00+08:00', sendTime: null, resultTime: null, result,
});

describe('宠物卡片', () => {
  it('shows the collar’s answer to 响铃 in Chinese, its own words in the tooltip', async () => {
    storeUser();
    const server = new FakeServer()
      .on('GET', '/car/v1/api/resource/newList.json', ok([{ id: 1302, type: 1 }, { id: 130201, type: 3 }]))
      .on('GET', '/car/v4/api/pet/list.json', ok({ total: 1, list: [pet] }))
      .on('POST', '/car/v4/api/pet/action.json', ok({ batchId: 'b9', commands: [command(1, '已发送', null)], pet }));
    const sockets = new FakeWebSockets();
    const container = createKernel({ httpAdapter: server.adapter, webSocketFactory: sockets.factory });
    await container.get<Perms>(PermissionService).load();
    container.get<Live>(LiveService).connect();
    render(
      <ServiceProvider container={container}>
        <PetCards />
      </ServiceProvider>,
    );
    const card = await screen.findByRole('article', { name: '宠物 豆豆' });
    fireEvent.click(within(card).getByRole('button', { name: '响铃' }));
    await within(card).findByText('响铃：已发送');
    act(() => {
      const socket = sockets.last!;
      socket.open();
      socket.receive({ type: 'ready' });
      socket.receive({ type: 'command', command: command(2, '成功', { code: 0, text: '设备正在响铃', raw: 'FIND' }) });
    });
    const status = await within(card).findByText('响铃：成功（设备正在响铃）');
    expect(status.getAttribute('title')).toBe('设备原文：FIND');
  });
});
