import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CommandApi } from '@tianlu/sdk';
import { startPageServer, type PageServer } from '../../../testing/plugin-page-kit';
import CommandPage from './command-page';

const COLLARS = ['358710040000121', '358710040000122'];

let kit: PageServer;

/**
 * Two commands of batch b7 to pets' GT06 collars as the server stores them once answered: 断油断电
 * refused for speed, and 位置查询 answered with words the platform does not know.
 */
beforeAll(async () => {
  kit = await startPageServer();
  const { store } = kit.server;
  const admin = (await store.users.findByAccount('admin'))!;
  for (const [i, no] of COLLARS.entries()) {
    await store.fleet.provision({ tenantId: admin.tenantId, groupId: null, terminalNo: no, displayNo: no, authCode: '', imei: no, protocol: 'gt06', plateNo: ['豆豆', '球球'][i]!, assetKind: 'pet' });
  }
  const scope = await store.scope.forUser({ id: admin.id, tenantId: admin.tenantId });
  const targets = await store.commands.targets(scope, COLLARS);
  const at = new Date('2026-05-01T10:00:00+08:00');
  const created = await store.commands.create([
    { target: targets.find((t) => t.terminalNo === COLLARS[0])!, commandType: 'oilPower', msgId: 0x80, params: { action: 'cut' } },
    { target: targets.find((t) => t.terminalNo === COLLARS[1])!, commandType: 'locate', msgId: 0x80, params: {} },
  ].map((c) => ({ ...c, batchId: 'b7', userId: admin.id, account: 'admin', createdAt: at, expiresAt: new Date(at.getTime() + 600_000) })));
  const answered = async (id: number, status: number, result: { code: 0 | 1; text: string; raw: string }) => {
    await store.db.updateTable('commands').set({ status, result: JSON.stringify(result), send_time: new Date(at.getTime() + 1000), result_time: new Date(at.getTime() + 3000) }).where('id', '=', String(id)).execute();
  };
  await answered(created[0]!.id, 3, { code: 1, text: '车速过高（25 km/h），设备拒绝断油断电', raw: 'DYD=Speed Limit, Speed 25km/h' });
  await answered(created[1]!.id, 2, { code: 0, text: '设备回复（未识别）', raw: '<ICCID:89882390000097302650>' });
});

afterAll(() => kit?.close());
afterEach(() => vi.unstubAllGlobals());

describe('指令下发 history', () => {
  it('shows each device answer in Chinese with the device’s own words as 设备原文', async () => {
    await kit.render(<CommandPage />);
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
    kit.forget();
    await kit.render(<CommandPage />);
    await screen.findByText('车速过高（25 km/h），设备拒绝断油断电');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    fireEvent.change(screen.getByLabelText('批次号'), { target: { value: ' b7 ' } });
    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    // the server answered a spreadsheet, not an envelope
    expect(kit.requests(CommandApi.export.path)[0]).toMatchObject({ body: { batchId: 'b7' }, flag: undefined });
    expect(saved[0]).toMatch(/^指令记录-\d{8}\.xlsx$/);
    click.mockRestore();
  });
});
