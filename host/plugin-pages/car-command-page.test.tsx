import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PermissionService, ServiceProvider, type Command, type PermissionService as Perms } from '@tianlu/sdk';
import { createKernel } from '../../core';
import { FakeServer, ok, storeUser } from '../../core/test/fake-server';
import { FakeWebSockets } from '../../core/test/fake-web-socket';
import CommandPage from '../../plugins/car/pages/command-page';

const LIST = '/car/v1/api/command/list.json';
const EXPORT = '/car/v1/api/command/export.json';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const command = (id: number, result: Command['result'], patch: Partial<Command> = {}): Command => ({
  id, batchId: 'b7', terminalNo: `35871004000012${id}`, plateNo: '豆豆', commandType: 'oilPower', commandName: '断油断电', params: { action: 'cut' },
  status: 3, statusText: '失败', account: 'admin', createTime: '2026-05-01T10:00:00+08:00', sendTime: '2026-05-01T10:00:01+08:00',
  resultTime: '2026-05-01T10:00:03+08:00', result, assetKind: 'pet', ...patch,
});

async function setup() {
  storeUser();
  const server = new FakeServer()
    .on('GET', '/car/v1/api/resource/newList.json', ok([{ id: 8400, type: 1 }]))
    .on('GET', LIST, ok({
      total: 2,
      list: [
        command(1, { code: 1, text: '车速过高（25 km/h），设备拒绝断油断电', raw: 'DYD=Speed Limit, Speed 25km/h' }),
        command(2, { code: 0, text: '设备回复（未识别）', raw: '<ICCID:89882390000097302650>' }, { status: 2, statusText: '成功', commandType: 'locate', commandName: '位置查询', params: {} }),
      ],
    }))
    .on('POST', EXPORT, { data: new Blob(['x'], { type: XLSX }), headers: { 'content-type': XLSX } });
  const container = createKernel({ httpAdapter: server.adapter, webSocketFactory: new FakeWebSockets().factory });
  await container.get<Perms>(PermissionService).load();
  render(
    <ServiceProvider container={container}>
      <CommandPage />
    </ServiceProvider>,
  );
  return { server };
}

afterEach(() => vi.unstubAllGlobals());

describe('指令下发 history', () => {
  it('shows each device answer in Chinese with the device’s own words as 设备原文', async () => {
    await setup();
    const answer = await screen.findByText('车速过高（25 km/h），设备拒绝断油断电');
    expect(screen.getByText('设备原文：DYD=Speed Limit, Speed 25km/h')).toBeTruthy();
    expect(answer.closest('[title]')!.getAttribute('title')).toBe('车速过高（25 km/h），设备拒绝断油断电\n设备原文：DYD=Speed Limit, Speed 25km/h');
    // an answer the platform does not know: labelled, its words shown
    expect(screen.getByText('设备回复（未识别）')).toBeTruthy();
    expect(screen.getByText('设备原文：<ICCID:89882390000097302650>')).toBeTruthy();
    // the commands went to a pet's collar: its name column says so
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toContain('宠物名');
    expect(headers).not.toContain('车牌号');
  });

  it('exports the filtered history as a spreadsheet', async () => {
    const { server } = await setup();
    await screen.findByText('车速过高（25 km/h），设备拒绝断油断电');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    fireEvent.change(screen.getByLabelText('批次号'), { target: { value: ' b7 ' } });
    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(server.to(EXPORT)[0]!.body).toEqual({ batchId: 'b7' });
    expect(saved[0]).toMatch(/^指令记录-\d{8}\.xlsx$/);
    click.mockRestore();
  });
});
