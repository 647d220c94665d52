import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DictionaryAdminApi, OperationLogApi, RoleAdminApi, UserAdminApi } from '@tianlu/sdk';
import { OTHER_TENANT, startPageServer, type PageServer } from '../../../testing/plugin-page-kit';
import DictionaryPage from './dictionary-page';
import LogPage from './log-page';
import RolePage from './role-page';
import UserPage from './user-page';

let kit: PageServer;
let tenantId: number;
let adminHash: string;
let groupId: number;
let monitorRole: number;
const ids: Record<string, number> = {};

/** A user whose role holds 实时监控 and 指令下发 (+ its button) of 智能车联, and 用户管理, 角色管理 and 操作日志 with `buttons`. */
const editor = (account: string, buttons: number[]) => kit.addUser({ account, platforms: [8, 12], resources: [8100, 8400, 840001, 1220, 1230, 1270, ...buttons] });

beforeAll(async () => {
  kit = await startPageServer();
  const { store } = kit.server;
  const admin = (await store.users.findByAccount('admin'))!;
  tenantId = admin.tenantId;
  adminHash = admin.passwordHash;
  groupId = await store.fleet.ensureGroup(tenantId, null, '苏州车队');
  monitorRole = (await store.org.ensureRole(tenantId, '监控员')).id;
  const add = (account: string, name: string, extra: { phone?: string; disabled?: boolean } = {}) =>
    store.users.create({ account, passwordHash: adminHash, name, phone: extra.phone ?? null, tenantId, roleId: monitorRole, disabled: extra.disabled ?? false, passwordChangedAt: new Date(0) });
  ids.zhang = await add('zhang', '张三');
  await store.db.insertInto('user_groups').values({ user_id: ids.zhang, group_id: groupId }).execute();
  ids.lisi = await add('lisi', '李四', { phone: '13800000000', disabled: true });
  for (let i = 10; i < 30; i++) await add(`filler${i}`, `填充${i}`);
  // 王六 hides phone and e-mail from administrators
  ids.wangliu = await add('wangliu', '王六', { phone: '13800000001' });
  await store.db.updateTable('users').set({ email: 'liu@example.com' }).where('id', '=', ids.wangliu).execute();
  await store.security.setPrivacy(ids.wangliu, { hidePhone: true, hideEmail: true });
  await store.db.insertInto('operation_logs').values({
    tenant_id: tenantId, user_id: admin.id, account: 'admin', action: '编辑用户', target: '用户 zhang', ip: '127.0.0.1', at: new Date('2026-01-02T09:30:00+08:00'),
    before: JSON.stringify({ name: '张三', disabled: false, groups: [] }), after: JSON.stringify({ name: '张三丰', disabled: false, groups: ['苏州车队'] }),
  }).execute();
  const other = (await store.org.findTenantByName('其他公司'))!;
  await store.db.insertInto('operation_logs').values({ tenant_id: other.id, user_id: null, account: 'other', action: '编辑用户', target: '用户 外人', ip: '127.0.0.1', at: new Date('2026-01-02T10:00:00+08:00') }).execute();
});

afterAll(() => kit?.close());

const LIST = UserAdminApi.list.path;
const listAnswer = () => kit.requests(LIST).at(-1)!.answer as { total: number; list: { account: string; disabled: boolean }[] };

async function search(keyword: string) {
  fireEvent.change(screen.getByPlaceholderText('账号、姓名或手机号'), { target: { value: keyword } });
  fireEvent.click(screen.getByRole('button', { name: '查询' }));
  await waitFor(() => expect(kit.requests(LIST).at(-1)).toMatchObject({ query: { keyword }, flag: 1 }));
}

describe('用户管理', () => {
  it('pages and searches on the server', async () => {
    kit.forget();
    await kit.render(<UserPage />, await editor('u_pager', []));
    await waitFor(() => expect(kit.requests(LIST)[0]?.flag).toBe(1));
    expect(kit.requests(LIST)[0]!.query).toEqual({ current: '1', pageSize: '10' });
    const { total } = listAnswer();
    expect(total).toBeGreaterThan(20);
    expect(await screen.findByText(`1 / ${Math.ceil(total / 10)}`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(kit.requests(LIST).at(-1)!.query.current).toBe('2'));
    await search('zhang');
    expect(kit.requests(LIST).at(-1)!.query).toEqual({ current: '1', pageSize: '10', keyword: 'zhang' });
    expect(await screen.findByText('张三')).toBeTruthy();
    expect(screen.getByText('苏州车队')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('填充10')).toBeNull());
  });

  it('shows no action button the role does not hold', async () => {
    kit.forget();
    await kit.render(<UserPage />, await editor('u_switcher', [122003]));
    await waitFor(() => expect(kit.requests(LIST)[0]?.flag).toBe(1));
    await screen.findByText('filler10');
    const shown = listAnswer().list;
    expect(screen.queryByRole('button', { name: '新增用户' })).toBeNull();
    expect(screen.queryByRole('button', { name: '导出' })).toBeNull();
    expect(screen.queryByRole('button', { name: '编辑' })).toBeNull();
    expect(screen.getAllByRole('button', { name: '停用' })).toHaveLength(shown.filter((u) => !u.disabled).length);
    expect(screen.queryAllByRole('button', { name: '启用' })).toHaveLength(shown.filter((u) => u.disabled).length);
    await search('lisi');
    await waitFor(() => expect(screen.getAllByRole('button', { name: '启用' })).toHaveLength(1));
  });

  it('creates a user with a role and a group scope, and keeps the dialog open with the server’s message on refusal', async () => {
    kit.forget();
    await kit.render(<UserPage />, await editor('u_creator', [122001]));
    const create = await screen.findByRole('button', { name: '新增用户' });
    await waitFor(() => expect((create as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(create);
    const dialog = await screen.findByRole('dialog');
    // nothing filled in: answered in Chinese in the dialog, not stopped by the browser's own validation
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('角色不能为空');
    expect(kit.requests(UserAdminApi.add.path)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/^账号/), { target: { value: 'zhang' } });
    fireEvent.change(within(dialog).getByLabelText(/^密码/), { target: { value: 'Wangwu123' } });
    fireEvent.change(within(dialog).getByLabelText(/^姓名/), { target: { value: '王五' } });
    await within(dialog).findByRole('option', { name: '监控员' });
    fireEvent.change(within(dialog).getByLabelText(/^角色/), { target: { value: String(monitorRole) } });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: '苏州车队' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('账号已存在')).toBeTruthy();
    const body = { tenantId, account: 'zhang', password: 'Wangwu123', name: '王五', phone: '', email: '', remark: '', roleId: monitorRole, groupIds: [groupId] };
    expect(kit.requests(UserAdminApi.add.path)[0]).toMatchObject({ body, flag: 400 });

    fireEvent.change(within(dialog).getByLabelText(/^账号/), { target: { value: 'wangwu' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(kit.requests(UserAdminApi.add.path)[1]).toMatchObject({ body: { ...body, account: 'wangwu' }, flag: 1 });
    await waitFor(() => expect(kit.requests(LIST).length).toBeGreaterThan(1));
    expect(await kit.server.store.users.findByAccount('wangwu')).toMatchObject({ name: '王五', roleId: monitorRole, tenantId });
  });

  it('edits a user who hid the phone: the masked value is shown with a hint and sent back unchanged', async () => {
    kit.forget();
    await kit.render(<UserPage />, await editor('u_editor', [122002]));
    await waitFor(() => expect(kit.requests(LIST)[0]?.flag).toBe(1));
    await search('wangliu');
    expect(await screen.findByText('138****0001')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText(/^手机号/) as HTMLInputElement).value).toBe('138****0001');
    expect(within(dialog).getAllByText('该用户已设置隐藏，保持不变则不修改')).toHaveLength(2);
    fireEvent.change(within(dialog).getByLabelText(/^姓名/), { target: { value: '王六六' } });
    await within(dialog).findByRole('option', { name: '监控员' });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(kit.requests(UserAdminApi.update.path)[0]).toMatchObject({ body: { userId: ids.wangliu, name: '王六六', phone: '138****0001', email: expect.stringContaining('***') }, flag: 1 }));
    const row = await kit.server.store.db.selectFrom('users').select(['name', 'phone', 'email']).where('id', '=', ids.wangliu).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: '王六六', phone: '13800000001', email: 'liu@example.com' });
  });

  it('resets a password after confirmation: the new one logs in', async () => {
    kit.forget();
    await kit.render(<UserPage />, await editor('u_resetter', [122004]));
    await waitFor(() => expect(kit.requests(LIST)[0]?.flag).toBe(1));
    await search('zhang');
    // 张三's own row (the list may still be redrawing from before the search)
    const row = (await screen.findByText('张三')).closest('[role="row"]') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '重置密码' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/已登录的会话立即失效/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^新密码/), { target: { value: 'Newpass123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认重置' }));
    await waitFor(() => expect(kit.requests(UserAdminApi.resetPassword.path)).toMatchObject([{ body: { userId: ids.zhang, password: 'Newpass123' }, flag: 1 }]));
    await kit.render(<LogPage />, { account: 'zhang', password: 'Newpass123' });
  });

  it('another tenant sees none of the demo tenant’s users', async () => {
    kit.forget();
    await kit.render(<UserPage />, OTHER_TENANT);
    await waitFor(() => expect(kit.requests(LIST)[0]?.flag).toBe(1));
    expect(listAnswer().list.map((u) => u.account)).not.toContain('zhang');
    await search('zhang');
    expect(listAnswer().total).toBe(0);
  });
});

describe('角色管理', () => {
  it('has no 新增角色 without its button', async () => {
    kit.forget();
    await kit.render(<RolePage />, await editor('r_viewer', []));
    expect(await screen.findByText('监控员')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '新增角色' })).toBeNull();
  });

  it('offers only what the editor holds; a button brings its menu and platform; saves 实时监控 without 指令下发', async () => {
    kit.forget();
    await kit.render(<RolePage />, await editor('r_creator', [123001]));
    const create = await screen.findByRole('button', { name: '新增角色' });
    await waitFor(() => expect((create as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(create);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^角色名称/), { target: { value: '值班员' } });
    expect(within(dialog).queryByRole('checkbox', { name: /站内消息/ })).toBeNull();
    expect(within(dialog).queryByRole('checkbox', { name: '轨迹回放' })).toBeNull();
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: '实时监控' }));
    expect((within(dialog).getByRole('checkbox', { name: '子系统：智能车联' }) as HTMLInputElement).checked).toBe(true);
    // a button brings its menu; unchecking the menu drops the button again
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /下发指令/ }));
    expect((within(dialog).getByRole('checkbox', { name: '指令下发' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '指令下发' }));
    expect((within(dialog).getByRole('checkbox', { name: /下发指令/ }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(kit.requests(RoleAdminApi.add.path)).toMatchObject([{ body: { tenantId, name: '值班员', remark: '', platformIds: [8], resourceIds: [8100] }, flag: 1 }]));
    const role = await kit.server.store.db.selectFrom('roles').select('id').where('tenant_id', '=', tenantId).where('name', '=', '值班员').executeTakeFirstOrThrow();
    const held = await kit.server.store.db.selectFrom('role_resources').select('resource_id').where('role_id', '=', role.id).execute();
    expect(held.map((r) => r.resource_id)).toEqual([8100]);
  });
});

describe('操作日志', () => {
  it('shows who changed what, with before and after readable; another tenant’s entries stay out', async () => {
    kit.forget();
    await kit.render(<LogPage />, await editor('l_reader', []));
    expect(await screen.findByText('名称: 张三 → 张三丰；可见车组: — → 苏州车队')).toBeTruthy();
    expect(screen.queryByText('用户 外人')).toBeNull();
    fireEvent.change(screen.getByLabelText('账号'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('开始时间'), { target: { value: '2026-01-02T08:00' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(kit.requests(OperationLogApi.list.path).at(-1)).toMatchObject({ query: { current: '1', pageSize: '10', account: 'admin', start: '2026-01-02T08:00:00+08:00' }, flag: 1 }),
    );
    fireEvent.click(await screen.findByText('用户 zhang'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('张三丰')).toBeTruthy();
    expect(within(dialog).getByText(/admin（天路演示）于 2026-01-02 09:30:00 操作/)).toBeTruthy();
  });
});

describe('数据字典', () => {
  const PAGE = DictionaryAdminApi.page.path;

  /** Shows the entries of `type`. */
  async function showType(type: string) {
    fireEvent.change(screen.getByLabelText('字典类型'), { target: { value: type } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    // the first page's answer may come after this one's: the page drops it, so look for this one wherever it is
    await waitFor(() => expect(kit.requests(PAGE).find((r) => r.query.type === type)).toMatchObject({ query: { type }, flag: 1 }));
  }

  it('lets a platform administrator add an entry with 新增条目, offers each row’s 编辑 and 删除, and deletes after confirmation', async () => {
    kit.forget();
    const adding = await kit.render(<DictionaryPage />);
    await showType('fuelType');
    expect(screen.getByRole('button', { name: '导出' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '新增条目' }));
    const dialog = await screen.findByRole('dialog', { name: '新增字典条目' });
    fireEvent.change(within(dialog).getByLabelText(/^编码/), { target: { value: 'diesel' } });
    fireEvent.change(within(dialog).getByLabelText(/^名称/), { target: { value: '柴油' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(kit.requests(DictionaryAdminApi.add.path)[0]).toMatchObject({ body: { type: 'fuelType', code: 'diesel', name: '柴油' }, flag: 1 }));

    // the row buttons on a fresh page (the first one may stay hidden from role queries while the closed dialog leaves)
    adding.unmount();
    await kit.render(<DictionaryPage />);
    await showType('fuelType');
    const row = (await screen.findByText('柴油')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByRole('button', { name: '编辑' })).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: '删除' }));
    const confirm = await screen.findByRole('dialog', { name: '删除字典条目' });
    fireEvent.click(within(confirm).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(kit.requests(DictionaryAdminApi.delete.path)[0]?.flag).toBe(1));
    await waitFor(() => expect(screen.queryByText('柴油')).toBeNull());
  });

  it('lets another tenant only read: no 新增条目, no row buttons', async () => {
    kit.forget();
    await kit.render(<DictionaryPage />, OTHER_TENANT);
    expect(await screen.findByText('数据字典为全平台共用，仅平台用户可以修改。')).toBeTruthy();
    await waitFor(() => expect(kit.requests(PAGE)[0]?.flag).toBe(1));
    expect(screen.queryByRole('button', { name: '新增条目' })).toBeNull();
    expect(screen.queryByRole('button', { name: '编辑' })).toBeNull();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
  });
});
