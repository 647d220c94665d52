import type { ReactElement } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssetImportApi, GroupAdminApi, TerminalAdminApi, ToastService, VehicleAdminApi } from '@tianlu/sdk';
import { startPageServer, workbook, type PageServer, type RenderedPage } from '../../../testing/plugin-page-kit';
import { prefetchGroups } from '../asset-admin/group-query';
import GroupPage from './group-page';
import TerminalPage from './terminal-page';
import VehiclePage from './vehicle-page';

// Fluent dialogs and the lazily loaded table render slowly under jsdom.

const LIST = VehicleAdminApi.list.path;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let kit: PageServer;
let tenantId: number;
let customerId: number;
let groups: Record<'华北区域' | '北京车队' | '华东区域', number>;
/** 京A10001 (bound, its own 60 km/h) and 京A10002 (unbound, expired since 2020) of 北京车队. */
let vehicles: Record<'京A10001' | '京A10002', number>;

/** A user of 系统管理 whose role holds `menu` with its buttons `ns` (the password is the demo admin's). */
const holder = (account: string, menu: number, ns: number[]) => kit.addUser({ account, platforms: [12], resources: [menu, ...ns.map((n) => menu * 100 + n)] });

let rendered: RenderedPage;
async function show(page: ReactElement, account: string, menu: number, ns: number[]) {
  kit.forget();
  rendered = await kit.render(page, await holder(account, menu, ns));
}
/** The toast the page showed last (the host draws it; these tests render the page alone). */
const toastText = () => rendered.kernel.get<ToastService>(ToastService).current?.text;
const lastQuery = (path: string) => kit.requests(path).at(-1)?.query;

/**
 * 天路演示: 华北区域 > 北京车队 and 华东区域; 北京车队 holds 京A10001 and 京A10002, 华北区域 nineteen
 * vehicles 京B100xx (21 in all); the terminal 013700000001 is bound to nothing.
 */
beforeAll(async () => {
  kit = await startPageServer();
  const { store } = kit.server;
  tenantId = (await store.org.findTenantByName('天路演示'))!.id;
  customerId = (await store.org.findTenantByName('演示物流公司'))!.id;
  const north = await store.fleet.ensureGroup(tenantId, null, '华北区域');
  groups = { 华北区域: north, 北京车队: await store.fleet.ensureGroup(tenantId, north, '北京车队'), 华东区域: await store.fleet.ensureGroup(tenantId, null, '华东区域') };
  const bound = await store.fleet.provision({
    tenantId, groupId: groups.北京车队, terminalNo: '13800000001', displayNo: '013800000001', authCode: 'x', plateNo: '京A10001', plateColor: 1, expiryDate: '2099-01-01',
  });
  await store.db.updateTable('vehicles').set({ speed_limit: 60 }).where('id', '=', bound.vehicleId).execute();
  const expired = await store.assets.vehicles.insert(tenantId, {
    plateNo: '京A10002', plateColor: 1, vehicleType: '', vin: '', driver: '', assetKind: 'vehicle', groupId: groups.北京车队, expiryDate: '2020-01-01', speedLimit: null, profile: {},
  });
  vehicles = { 京A10001: bound.vehicleId, 京A10002: expired };
  for (let n = 1; n <= 19; n++) {
    const no = `1390000${String(n).padStart(4, '0')}`;
    await store.fleet.provision({ tenantId, groupId: north, terminalNo: no, displayNo: no, authCode: 'x', plateNo: `京B100${String(n).padStart(2, '0')}`, expiryDate: '2099-01-01' });
  }
  await store.assets.terminals.insert(tenantId, {
    displayNo: '013700000001', terminalNo: '13700000001', imei: '', model: 'X1', sim: '', edition: '2013', protocol: 'jt808', installDate: null,
  }, 'x');
});

afterAll(() => kit?.close());

describe('车辆管理', () => {
  it('pages and filters on the server and marks expired services', async () => {
    await show(<VehiclePage />, 'v_viewer', 1240, []);
    expect(await screen.findByText('京A10001')).toBeTruthy();
    expect(lastQuery(LIST)).toEqual({ current: '1', pageSize: '10', assetKind: 'vehicle' });
    expect(kit.requests(LIST)[0]!.answer).toMatchObject({ total: 21 });
    expect(within(screen.getByText('京A10002').closest('[role="row"]') as HTMLElement).getByText('已到期')).toBeTruthy();
    expect(await screen.findByText('1 / 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(lastQuery(LIST)?.current).toBe('2'));
    expect(await screen.findByText('京B10009')).toBeTruthy();

    fireEvent.change(screen.getByPlaceholderText('车牌号、VIN 或司机'), { target: { value: ' 京A ' } });
    fireEvent.change(screen.getByRole('combobox', { name: '服务状态' }), { target: { value: '1' } });
    fireEvent.change(screen.getByRole('combobox', { name: '车组' }), { target: { value: String(groups.北京车队) } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(lastQuery(LIST)).toEqual({ current: '1', pageSize: '10', keyword: '京A', expired: '1', groupId: String(groups.北京车队), assetKind: 'vehicle' }));
    await waitFor(() => expect(screen.queryByText('京A10001')).toBeNull());
    expect(screen.getByText('京A10002')).toBeTruthy();
  });

  it('shows only the buttons the role holds', async () => {
    await show(<VehiclePage />, 'v_renewer', 1240, [6, 4]);
    const row = (plate: string) => within(screen.getByText(plate).closest('[role="row"]') as HTMLElement);
    await screen.findByText('京A10001');
    expect(screen.getByRole('button', { name: '续费' })).toBeTruthy();
    expect(row('京A10001').getByRole('button', { name: '解绑' })).toBeTruthy();
    expect(row('京A10002').getByRole('button', { name: '绑定' })).toBeTruthy();
    for (const name of ['新增车辆', '转移', '删除', '导入', '导出', '编辑']) expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('adds a vehicle and keeps the dialog open with the server’s refusal', async () => {
    await show(<VehiclePage />, 'v_adder', 1240, [1]);
    const add = await screen.findByRole('button', { name: '新增车辆' });
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(add);
    const dialog = await screen.findByRole('dialog', { name: '新增车辆' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /车牌号/ }), { target: { value: '京A10001' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: '车组' }), { target: { value: String(groups.北京车队) } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('车牌号已存在')).toBeTruthy();
    expect(kit.requests(VehicleAdminApi.add.path)[0]!.body).toMatchObject({ plateNo: '京A10001', tenantId, groupId: groups.北京车队, plateColor: 1, assetKind: 'vehicle' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /车牌号/ }), { target: { value: '京A10003' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新增车辆' })).toBeNull());
    expect(kit.requests(VehicleAdminApi.add.path)[1]!.flag).toBe(1);
    expect(toastText()).toBe('车辆已新增');
    expect(await screen.findByText('京A10003')).toBeTruthy();
  });

  it('shows and edits a vehicle’s own speed limit', async () => {
    await show(<VehiclePage />, 'v_editor', 1240, [2]);
    const row = (plate: string) => within(screen.getByText(plate).closest('[role="row"]') as HTMLElement);
    expect(await screen.findByText('60 km/h')).toBeTruthy();
    expect(row('京A10002').getByText('默认')).toBeTruthy();

    fireEvent.click(await row('京A10001').findByRole('button', { name: '编辑', hidden: true }));
    // hidden: on a busy machine Fluent's focus trap (tabster) can miss a dialog's first focus in jsdom
    // and mark the open dialog aria-hidden; its controls are there all the same
    const dialog = await screen.findByRole('dialog', { name: '编辑车辆', hidden: true });
    const limit = within(dialog).getByRole('spinbutton', { name: /限速/, hidden: true }) as HTMLInputElement;
    expect(limit.value).toBe('60');
    fireEvent.change(limit, { target: { value: '80' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存', hidden: true }));
    await waitFor(() => expect(kit.requests(VehicleAdminApi.update.path)[0]).toMatchObject({ body: { id: vehicles.京A10001, plateNo: '京A10001', speedLimit: '80' }, flag: 1 }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '编辑车辆', hidden: true })).toBeNull());
    expect(await screen.findByText('80 km/h')).toBeTruthy();

    // emptied: the 告警设置 threshold applies again
    fireEvent.click(await row('京A10001').findByRole('button', { name: '编辑', hidden: true }));
    const again = await screen.findByRole('dialog', { name: '编辑车辆', hidden: true });
    fireEvent.change(within(again).getByRole('spinbutton', { name: /限速/, hidden: true }), { target: { value: '' } });
    fireEvent.click(within(again).getByRole('button', { name: '保存', hidden: true }));
    await waitFor(() => expect(kit.requests(VehicleAdminApi.update.path)[1]).toMatchObject({ body: { id: vehicles.京A10001, speedLimit: null }, flag: 1 }));
    await waitFor(() => expect(row('京A10001').getByText('默认')).toBeTruthy());
  });

  it('renews the checked vehicles by months', async () => {
    await show(<VehiclePage />, 'v_renewer2', 1240, [6]);
    await screen.findByText('京A10002');
    fireEvent.click(screen.getByRole('button', { name: '续费' }));
    expect(toastText()).toBe('请先勾选车辆');
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 京A10002' }));
    fireEvent.click(screen.getByRole('button', { name: '续费' }));
    const dialog = await screen.findByRole('dialog', { name: '续费' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: /续费时长/ }), { target: { value: '24' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '续费' }));
    await waitFor(() => expect(kit.requests(VehicleAdminApi.renew.path)[0]).toMatchObject({ body: { ids: [vehicles.京A10002], months: 24 }, flag: 1 }));
    await waitFor(() => expect(toastText()).toBe('已为 1 辆车续费'));
  });

  it('imports: uploads with progress, previews row errors, imports the valid rows on confirmation', async () => {
    const { preview, confirm } = AssetImportApi.vehicle;
    await show(<VehiclePage />, 'v_importer', 1240, [7]);
    const button = await screen.findByRole('button', { name: '导入' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: '导入车辆' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: '导入到客户' }), { target: { value: String(customerId) } });
    const sheet = await workbook(['车牌号*', '车牌颜色'], [['京A20001', '蓝色'], ['', '黄色'], ['京A20002', '蓝色']]);
    const file = new File([new Uint8Array(sheet)], '车辆.xlsx', { type: XLSX });
    fireEvent.change(within(dialog).getByLabelText('选择导入文件'), { target: { files: [file] } });
    expect(await within(dialog).findByText(/车牌号不能为空/)).toBeTruthy();
    const upload = kit.requests(preview.path)[0]!;
    expect(upload.query.tenantId).toBe(String(customerId));
    expect(upload.answer).toMatchObject({ total: 3, valid: 2, invalid: 1 });
    expect(within(dialog).getByText('有错误 1 行')).toBeTruthy();
    // only the row with errors is listed at first; all rows on request
    expect(within(dialog).queryByText('京A20001')).toBeNull();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '只看有错误的行' }));
    expect(await within(dialog).findByText('京A20001')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '确认导入 2 行' }));
    expect(await within(dialog).findByText('导入完成：已导入 2 条。')).toBeTruthy();
    expect(kit.requests(confirm.path)[0]!.body).toEqual({ token: (upload.answer as { token: string }).token });
    await waitFor(() => expect(kit.requests(LIST).length).toBeGreaterThan(1));
    expect([...(await kit.server.store.assets.vehicles.existingPlates(customerId, ['京A20001', '京A20002']))].sort()).toEqual(['京A20001', '京A20002']);
  });

  it('refuses a file that is not .xlsx before uploading', async () => {
    await show(<VehiclePage />, 'v_importer2', 1240, [7]);
    const button = await screen.findByRole('button', { name: '导入' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: '导入车辆' });
    fireEvent.change(within(dialog).getByLabelText('选择导入文件'), { target: { files: [new File(['a,b'], '车辆.csv')] } });
    expect(await within(dialog).findByText('请选择 .xlsx 格式的文件')).toBeTruthy();
    expect(kit.requests(AssetImportApi.vehicle.preview.path)).toEqual([]);
  });
});

describe('终端管理', () => {
  it('binds a terminal to a vehicle picked from the server’s candidates', async () => {
    await show(<TerminalPage />, 't_binder', 1250, [4]);
    fireEvent.click(await screen.findByRole('button', { name: '绑定' }));
    const dialog = await screen.findByRole('dialog', { name: '绑定车辆' });
    await within(dialog).findByRole('option', { name: '京A10002（北京车队）' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: '选择车辆' }), { target: { value: String(vehicles.京A10002) } });
    fireEvent.click(within(dialog).getByRole('button', { name: '绑定' }));
    const terminalId = Number(kit.requests(TerminalAdminApi.bindableVehicles.path)[0]!.query.terminalId);
    await waitFor(() => expect(kit.requests(TerminalAdminApi.bind.path)[0]).toMatchObject({ body: { terminalId, vehicleId: vehicles.京A10002 }, flag: 1 }));
    expect((await kit.server.store.assets.terminals.ofVehicle(vehicles.京A10002))?.displayNo).toBe('013700000001');
  });
});

describe('车组管理', () => {
  it('moves a group by dragging it onto another, never into its own subtree', async () => {
    await show(<GroupPage />, 'g_mover', 1260, [4]);
    const source = await screen.findByTestId(`group-${groups.华北区域}`);
    fireEvent.dragStart(source);
    fireEvent.dragOver(screen.getByTestId(`group-${groups.北京车队}`));
    fireEvent.drop(screen.getByTestId(`group-${groups.北京车队}`));
    expect(kit.requests(GroupAdminApi.move.path)).toEqual([]);
    fireEvent.dragStart(source);
    fireEvent.dragOver(screen.getByTestId(`group-${groups.华东区域}`));
    fireEvent.drop(screen.getByTestId(`group-${groups.华东区域}`));
    await waitFor(() => expect(kit.requests(GroupAdminApi.move.path)[0]).toMatchObject({ body: { id: groups.华北区域, parentId: groups.华东区域 }, flag: 1 }));
    await waitFor(() => expect(toastText()).toBe('已移动车组“华北区域”'));
  });

  it('lists the selected group’s vehicles and offers only granted actions', async () => {
    await show(<GroupPage />, 'g_adder', 1260, [1]);
    fireEvent.click(within(await screen.findByTestId(`group-${groups.北京车队}`)).getByText('北京车队'));
    await waitFor(() => expect(lastQuery(GroupAdminApi.vehicles.path)).toEqual({ current: '1', pageSize: '10', tenantId: String(tenantId), groupId: String(groups.北京车队) }));
    expect(await screen.findByText('京A10001')).toBeTruthy();
    expect(screen.getByRole('button', { name: '新增车组' })).toBeTruthy();
    for (const name of ['重命名', '移动', '删除', '分配车辆']) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.getByTestId(`group-${groups.华北区域}`).getAttribute('draggable')).toBe('false');
  });

  it('shows another group’s vehicles from page 1', async () => {
    await show(<GroupPage />, 'g_pager', 1260, []);
    fireEvent.click(within(await screen.findByTestId(`group-${groups.华北区域}`)).getByText('华北区域'));
    await waitFor(() => expect(screen.getAllByText(/^京B100\d\d$/)).toHaveLength(10));
    fireEvent.click(await screen.findByRole('button', { name: '下一页' }));
    await waitFor(() => expect(screen.getAllByText(/^京B100\d\d$/)).toHaveLength(9));
    expect(lastQuery(GroupAdminApi.vehicles.path)).toMatchObject({ current: '2', groupId: String(groups.华北区域) });
    fireEvent.click(within(screen.getByTestId(`group-${groups.北京车队}`)).getByText('北京车队'));
    expect(await screen.findByText('京A10001')).toBeTruthy();
    expect(lastQuery(GroupAdminApi.vehicles.path)).toEqual({ current: '1', pageSize: '10', tenantId: String(tenantId), groupId: String(groups.北京车队) });
  });

  it('is asked ahead by its route: the trees, then the first customer’s vehicles, as the page first asks them', async () => {
    const PATHS = [GroupAdminApi.tree.path, GroupAdminApi.vehicles.path];
    const asked = () => PATHS.map((path) => kit.requests(path).map((r) => r.query));
    await show(<GroupPage />, 'g_ahead', 1260, []);
    await waitFor(() => expect(asked().map((q) => q.length)).toEqual([1, 1]));
    const pageAsked = asked();
    await kit.askAhead(prefetchGroups, PATHS);
    expect(asked()).toEqual(pageAsked);
    expect(kit.requests(GroupAdminApi.vehicles.path)[0]!.flag).toBe(1);
  });

  it('says why the vehicles failed to load and reads them again on 重试', async () => {
    kit.failNext(GroupAdminApi.vehicles.path);
    await show(<GroupPage />, 'g_retry', 1260, []);
    expect((await screen.findByRole('alert')).textContent).toBe('服务器内部错误');
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    // the vehicles arrive: the table has rows again and the error is gone
    await waitFor(() => expect(within(screen.getByRole('table', { name: '车组车辆' })).getAllByRole('row').length).toBeGreaterThan(1));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(kit.requests(GroupAdminApi.vehicles.path).map((r) => [r.query.tenantId, r.flag])).toEqual([[String(tenantId), 500], [String(tenantId), 1]]);
  });
});
