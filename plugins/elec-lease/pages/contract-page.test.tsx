import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ElecLeaseApi, ToastService } from '@tianlu/sdk';
import { startPageServer, workbook, type PageServer, type RenderedPage } from '../../../testing/plugin-page-kit';
import { prefetchLeaseSettings } from '../lease/lease-api';
import ContractPage from './contract-page';
import SettingsPage from './settings-page';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HEADERS = ['车牌号*', '租户姓名*', '手机号*', '身份证号*', '开始日期*', '结束日期*', '月租金(元)*', '押金(元)', '已收押金(元)', '备注'];
const GOOD = ['页面导入车01', '钱导入', '13812340002', '320102198506154568', '2026-01-01', '2099-06-30', 280, 400, 400, ''];

let kit: PageServer;

beforeAll(async () => {
  kit = await startPageServer();
  const { store } = kit.server;
  const demo = (await store.org.findTenantByName('天路演示'))!;
  const imei = '358710061009901';
  await store.fleet.provision({ tenantId: demo.id, groupId: null, terminalNo: imei, displayNo: imei, authCode: '', imei, protocol: 'gt06', plateNo: '页面导入车01', plateColor: 0, assetKind: 'ebike', profile: {} });
});
afterAll(() => kit?.close());

/** 合同管理 as the demo admin with its 导入合同 dialog open. */
async function openImport(): Promise<{ page: RenderedPage; dialog: HTMLElement }> {
  const page = await kit.render(<ContractPage />);
  fireEvent.click(await screen.findByRole('button', { name: '导入合同' }));
  return { page, dialog: await screen.findByRole('dialog', { name: '导入合同' }) };
}

const sheetFile = async (rows: (string | number)[][]) => new File([new Uint8Array(await workbook(HEADERS, rows))], '合同.xlsx', { type: XLSX });

describe('合同管理 → 导入合同', () => {
  it('imports nothing from a sheet with a bad row and lists each bad row with its reasons', async () => {
    const { page, dialog } = await openImport();
    const file = await sheetFile([GOOD, ['不存在的车', '孙导入', '13812340003', '110105194912310021', '2026-01-01', '2026-06-30', 200, 0, 0, '']]);
    fireEvent.change(within(dialog).getByLabelText('选择导入文件'), { target: { files: [file] } });
    const rows = await within(dialog).findByRole('table', { name: '有错误的行' });
    expect(await within(rows).findByText(/^电动车 不存在的车 不存在或不属于本客户；/)).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toContain('没有导入任何合同');
    expect(kit.requests(ElecLeaseApi.importContracts.path).at(-1)?.flag).toBe(400);
    page.unmount();
  });

  it('imports a good sheet: the dialog closes and says what was imported', async () => {
    const { page, dialog } = await openImport();
    fireEvent.change(within(dialog).getByLabelText('选择导入文件'), { target: { files: [await sheetFile([GOOD])] } });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '导入合同' })).toBeNull(), { timeout: 15_000 });
    expect(page.kernel.get<ToastService>(ToastService).current?.text).toBe('已导入 1 份合同，新登记租户 1 位');
    page.unmount();
  });
});

describe('租赁设置 asked ahead by its route', () => {
  it('asks the settings and the e-bikes as the page first asks them', async () => {
    const asked = (paths: string[]) => paths.map((path) => kit.requests(path).map((r) => r.query));
    const PATHS = [ElecLeaseApi.settings.path, ElecLeaseApi.bikes.path];
    kit.forget();
    await kit.render(<SettingsPage />);
    await waitFor(() => expect(asked(PATHS).map((q) => q.length)).toEqual([1, 1]));
    const pageAsked = asked(PATHS);
    await kit.askAhead(prefetchLeaseSettings, PATHS);
    expect(asked(PATHS)).toEqual(pageAsked);
    expect(kit.requests(ElecLeaseApi.bikes.path)[0]!.flag).toBe(1);
  });
});
