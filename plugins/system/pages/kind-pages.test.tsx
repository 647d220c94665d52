import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaApi, ToastService, VehicleAdminApi } from '@tianlu/sdk';
import { OTHER_TENANT, startPageServer, type PageServer } from '../../../testing/plugin-page-kit';
import EbikePage from './ebike-page';
import PersonPage from './person-page';

const UPLOAD = MediaApi.upload.path;
/** A 1×1 PNG. */
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));

let kit: PageServer;
let tenantId: number;
let groupId: number;
let photo: string;
let ebikeId: number;

/** A user whose role holds `menu` of 系统管理 with its buttons `ns` (the password is the demo admin's). */
const holder = (account: string, menu: number, ns: number[]) => kit.addUser({ account, platforms: [12], resources: [menu, ...ns.map((n) => menu * 100 + n)] });

beforeAll(async () => {
  kit = await startPageServer();
  const { store } = kit.server;
  const admin = (await store.users.findByAccount('admin'))!;
  tenantId = admin.tenantId;
  groupId = await store.fleet.ensureGroup(tenantId, null, '工业园员工');
  // an address of the kind upload.json answers, beside it
  photo = UPLOAD.replace(/upload\.json$/, '0123456789abcdef0123456789abcdef.png');
  await store.fleet.provision({
    tenantId, groupId, terminalNo: '17300000001', displayNo: '17300000001', authCode: 'x', plateNo: '王建国', assetKind: 'person',
    profile: { employeeNo: 'E0001', department: '生产部', phone: '13800138000', photo },
  });
  ({ vehicleId: ebikeId } = await store.fleet.provision({
    tenantId, groupId, terminalNo: '17300000002', displayNo: '17300000002', authCode: 'x', plateNo: '粤B·D30001', assetKind: 'ebike',
    profile: { brand: '雅迪', batteryVoltage: '48', batteryCapacity: 20 },
  }));
  const other = (await store.org.findTenantByName('其他公司'))!;
  await store.fleet.provision({ tenantId: other.id, groupId: null, terminalNo: '17300000003', displayNo: '17300000003', authCode: 'x', plateNo: '赵外人', assetKind: 'person', profile: { employeeNo: 'X0001' } });
});

afterAll(() => kit?.close());

describe('人员管理', () => {
  it('lists people with their own columns and asks the server for people only', async () => {
    kit.forget();
    await kit.render(<PersonPage />, await holder('p_viewer', 1241, []));
    expect(await screen.findByText('E0001')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '姓名' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '部门' })).toBeTruthy();
    expect((screen.getByAltText('王建国的照片') as HTMLImageElement).getAttribute('src')).toBe(photo);
    expect(kit.requests(VehicleAdminApi.list.path).at(-1)!.query.assetKind).toBe('person');
    expect(screen.queryByText('粤B·D30001')).toBeNull();
    expect(screen.queryByText('X0001')).toBeNull();
    expect(screen.queryByRole('button', { name: '新增人员' })).toBeNull();
  });

  it('adds a person, and refuses a file that is not an image without sending it', async () => {
    kit.forget();
    const { kernel } = await kit.render(<PersonPage />, await holder('p_adder', 1241, [1]));
    const add = await screen.findByRole('button', { name: '新增人员' });
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(add);
    const dialog = await screen.findByRole('dialog', { name: '新增人员' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /姓名/ }), { target: { value: '李秀英' } });
    fireEvent.change(await within(dialog).findByRole('textbox', { name: /工号/ }), { target: { value: 'E0002' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /部门/ }), { target: { value: '仓储部' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /手机号/ }), { target: { value: '13912345678' } });

    fireEvent.change(within(dialog).getByLabelText('选择照片'), { target: { files: [new File(['%PDF'], '简历.pdf', { type: 'application/pdf' })] } });
    expect(await within(dialog).findByText('只能上传 JPG、PNG 或 WebP 格式的图片')).toBeTruthy();
    expect(kit.requests(UPLOAD)).toEqual([]);

    fireEvent.change(within(dialog).getByRole('combobox', { name: '分组' }), { target: { value: String(groupId) } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新增人员' })).toBeNull());
    expect(kit.requests(VehicleAdminApi.add.path)[0]).toMatchObject({
      body: { plateNo: '李秀英', assetKind: 'person', plateColor: 0, groupId, expiryDate: '', tenantId, profile: { employeeNo: 'E0002', department: '仓储部', phone: '13912345678' } },
      flag: 1,
    });
    expect(kernel.get<ToastService>(ToastService).current?.text).toBe('人员已新增');
    expect(await screen.findByText('E0002')).toBeTruthy();
    const row = await kit.server.store.db.selectFrom('vehicles').select(['asset_kind', 'group_id']).where('tenant_id', '=', tenantId).where('plate_no', '=', '李秀英').executeTakeFirstOrThrow();
    expect(row).toEqual({ asset_kind: 'person', group_id: groupId });
  });

  it('adds a person with a photo uploaded first', async () => {
    kit.forget();
    const { kernel } = await kit.render(<PersonPage />, await holder('p_photo', 1241, [1]));
    const add = await screen.findByRole('button', { name: '新增人员' });
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(add);
    const dialog = await screen.findByRole('dialog', { name: '新增人员' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /姓名/ }), { target: { value: '张秀兰' } });
    fireEvent.change(await within(dialog).findByRole('textbox', { name: /工号/ }), { target: { value: 'E0003' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /部门/ }), { target: { value: '仓储部' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /手机号/ }), { target: { value: '13912345679' } });
    fireEvent.change(within(dialog).getByLabelText('选择照片'), { target: { files: [new File([PNG], '头像.png', { type: 'image/png' })] } });
    // the photo is stored first; the dialog shows it from the address the server gave
    await waitFor(() => expect(kit.requests(UPLOAD)[0]?.flag).toBe(1));
    const { url } = kit.requests(UPLOAD)[0]!.answer as { url: string };
    await waitFor(() => expect((within(dialog).getByAltText('照片') as HTMLImageElement).getAttribute('src')).toBe(url));
    fireEvent.change(within(dialog).getByRole('combobox', { name: '分组' }), { target: { value: String(groupId) } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新增人员' })).toBeNull());
    expect(kit.requests(VehicleAdminApi.add.path)[0]).toMatchObject({
      body: { plateNo: '张秀兰', assetKind: 'person', plateColor: 0, groupId, expiryDate: '', tenantId, profile: { employeeNo: 'E0003', department: '仓储部', phone: '13912345679', photo: url } },
      flag: 1,
    });
    expect(kernel.get<ToastService>(ToastService).current?.text).toBe('人员已新增');
    // the address serves the photo uploaded
    const served = await kit.server.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(new Uint8Array(served.rawPayload)).toEqual(PNG);
  });

  it('another tenant sees only its own people', async () => {
    kit.forget();
    await kit.render(<PersonPage />, OTHER_TENANT);
    expect(await screen.findByText('X0001')).toBeTruthy();
    expect(screen.queryByText('E0001')).toBeNull();
  });
});

describe('电动车管理', () => {
  it('edits an e-bike’s battery and shows the server’s refusal in the dialog', async () => {
    kit.forget();
    await kit.render(<EbikePage />, await holder('e_editor', 1243, [2]));
    expect(await screen.findByText('20 Ah')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑电动车' });
    expect((within(dialog).getByRole('combobox', { name: /电池电压/ }) as HTMLSelectElement).value).toBe('48');
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: /电池容量/ }), { target: { value: '500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('电池容量必须是 1 到 200 之间的整数（Ah）')).toBeTruthy();
    expect(kit.requests(VehicleAdminApi.update.path)[0]).toMatchObject({ body: { id: ebikeId, assetKind: 'ebike', profile: { brand: '雅迪', batteryVoltage: '48', batteryCapacity: '500' } }, flag: 400 });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: /电池容量/ }), { target: { value: '24' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '编辑电动车' })).toBeNull());
    expect(kit.requests(VehicleAdminApi.update.path)[1]?.flag).toBe(1);
    expect(await screen.findByText('24 Ah')).toBeTruthy();
  });
});
