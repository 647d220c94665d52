import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { PermissionService, ServiceProvider, type ResourceItem } from '@tianlu/sdk';
import { createKernel } from '../../core';
import { FakeServer, flag, ok, storeUser } from '../../core/test/fake-server';
import LogPage from '../../plugins/system/pages/log-page';
import RolePage from '../../plugins/system/pages/role-page';
import UserPage from '../../plugins/system/pages/user-page';

// Fluent dialogs with many fields render slowly under jsdom.

const SYS = '/car/v1/api/system';
const button = (id: number, name: string): ResourceItem => ({ id, name, type: 3 });

/** The caller's resource tree: 智能车联 with 实时监控 and 指令下发 (+ its button), 系统管理 with the given buttons. */
function resourceTree(systemButtons: ResourceItem[]): ResourceItem[] {
  return [
    { id: 0, type: 0, name: '系统中心', platformId: 0, children: [{ id: 4002, name: '站内消息', type: 1 }] },
    {
      id: 0, type: 0, name: '智能车联', platformId: 8,
      children: [
        { id: 8100, name: '实时监控', type: 1 },
        { id: 8400, name: '指令下发', type: 1, children: [button(840001, '下发指令')] },
      ],
    },
    { id: 0, type: 0, name: '系统管理', platformId: 12, children: [{ id: 1220, name: '用户管理', type: 1, children: systemButtons }, { id: 1230, name: '角色管理', type: 1 }] },
  ];
}

const users = [
  { userId: 2, account: 'zhang', name: '张三', phone: '', email: '', remark: '', tenantId: 1, tenantName: '天路演示', roleId: 5, roleName: '监控员', disabled: false, groups: [{ id: 3, name: '华北区域' }], createTime: '2026-01-02T08:00:00+08:00' },
  { userId: 3, account: 'li', name: '李四', phone: '13800000000', email: '', remark: '', tenantId: 1, tenantName: '天路演示', roleId: 5, roleName: '监控员', disabled: true, groups: [], createTime: '2026-01-03T08:00:00+08:00' },
];

async function setup(page: ReactElement, systemButtons: ResourceItem[], extra: (server: FakeServer) => void = () => undefined) {
  storeUser();
  const server = new FakeServer()
    .on('GET', '/car/v1/api/resource/newList.json', ok(resourceTree(systemButtons)))
    .on('GET', `${SYS}/tenant/options.json`, ok([{ id: 1, parentId: null, name: '天路演示', kind: 'platform' }, { id: 9, parentId: 1, name: '演示物流公司', kind: 'customer' }]))
    .on('GET', `${SYS}/user/list.json`, (req) => ok({ total: 25, list: req.query.get('keyword') === 'zhang' ? users.slice(0, 1) : users }))
    .on('GET', `${SYS}/user/roles.json`, ok([{ id: 5, name: '监控员' }, { id: 6, name: '管理员' }]))
    .on('GET', `${SYS}/user/groups.json`, ok([{ id: 1, name: '天路演示车队', parentId: null, children: [{ id: 3, name: '华北区域', parentId: 1, children: [] }] }]));
  extra(server);
  const container = createKernel({ httpAdapter: server.adapter });
  await container.get<PermissionService>(PermissionService).load();
  render(<ServiceProvider container={container}>{page}</ServiceProvider>);
  return server;
}

const bodies = (server: FakeServer, path: string) => server.to(path).map((r) => r.body);

describe('用户管理', () => {
  it('pages and searches on the server', async () => {
    const server = await setup(<UserPage />, []);
    expect(await screen.findByText('zhang')).toBeTruthy();
    expect(Object.fromEntries(server.to(`${SYS}/user/list.json`)[0]!.query)).toEqual({ current: '1', pageSize: '10' });
    expect(await screen.findByText('1 / 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(server.to(`${SYS}/user/list.json`).at(-1)!.query.get('current')).toBe('2'));
    fireEvent.change(screen.getByPlaceholderText('账号、姓名或手机号'), { target: { value: 'zhang' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(Object.fromEntries(server.to(`${SYS}/user/list.json`).at(-1)!.query)).toEqual({ current: '1', pageSize: '10', keyword: 'zhang' }));
    await waitFor(() => expect(screen.queryByText('李四')).toBeNull());
  });

  it('shows no action button the role does not hold', async () => {
    await setup(<UserPage />, [button(122003, '停用启用')]);
    await screen.findByText('zhang');
    expect(screen.queryByRole('button', { name: '新增用户' })).toBeNull();
    expect(screen.queryByRole('button', { name: '导出' })).toBeNull();
    expect(screen.queryByRole('button', { name: '编辑' })).toBeNull();
    expect(screen.getAllByRole('button', { name: '停用' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: '启用' })).toHaveLength(1);
  });

  it('creates a user with a role and a group scope, and keeps the dialog open with the server’s message on refusal', async () => {
    let answer = flag(400, '账号已存在');
    const server = await setup(<UserPage />, [button(122001, '新增用户')], (s) => s.on('POST', `${SYS}/user/add.json`, () => answer));
    const create = await screen.findByRole('button', { name: '新增用户' });
    await waitFor(() => expect((create as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(create);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^账号/), { target: { value: 'wang' } });
    fireEvent.change(within(dialog).getByLabelText(/^密码/), { target: { value: 'Wangwu123' } });
    fireEvent.change(within(dialog).getByLabelText(/^姓名/), { target: { value: '王五' } });
    await within(dialog).findByRole('option', { name: '监控员' });
    fireEvent.change(within(dialog).getByLabelText(/^角色/), { target: { value: '5' } });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: '华北区域' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('账号已存在')).toBeTruthy();
    expect(bodies(server, `${SYS}/user/add.json`)[0]).toEqual({ tenantId: 1, account: 'wang', password: 'Wangwu123', name: '王五', phone: '', email: '', remark: '', roleId: 5, groupIds: [3] });

    answer = ok({ userId: 4 });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(server.to(`${SYS}/user/list.json`).length).toBeGreaterThan(1));
  });

  it('edits a user who hid the phone: the masked value is shown with a hint and sent back unchanged', async () => {
    const server = await setup(<UserPage />, [button(122002, '编辑用户')], (s) =>
      s
        .on('GET', `${SYS}/user/list.json`, ok({ total: 1, list: [{ ...users[1]!, phone: '138****0000', email: 'l***@example.com', disabled: false }] }))
        .on('POST', `${SYS}/user/update.json`, ok({ userId: 3 })),
    );
    expect(await screen.findByText('138****0000')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText(/^手机号/) as HTMLInputElement).value).toBe('138****0000');
    expect(within(dialog).getAllByText('该用户已设置隐藏，保持不变则不修改')).toHaveLength(2);
    fireEvent.change(within(dialog).getByLabelText(/^姓名/), { target: { value: '李四四' } });
    await within(dialog).findByRole('option', { name: '监控员' });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(server, `${SYS}/user/update.json`)[0]).toMatchObject({ userId: 3, name: '李四四', phone: '138****0000', email: 'l***@example.com' }));
  });

  it('resets a password after confirmation', async () => {
    const server = await setup(<UserPage />, [button(122004, '重置密码')], (s) => s.on('POST', `${SYS}/user/resetPassword.json`, ok({ userId: 2 })));
    await screen.findByText('zhang');
    fireEvent.click(screen.getAllByRole('button', { name: '重置密码' })[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/已登录的会话立即失效/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^新密码/), { target: { value: 'Newpass123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认重置' }));
    await waitFor(() => expect(bodies(server, `${SYS}/user/resetPassword.json`)).toEqual([{ userId: 2, password: 'Newpass123' }]));
  });
});

describe('角色管理', () => {
  it('has no 新增角色 without its button', async () => {
    await setup(<RolePage />, [], (s) => s.on('GET', `${SYS}/role/list.json`, ok({ total: 0, list: [] })));
    expect(await screen.findByText('暂无角色')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '新增角色' })).toBeNull();
  });

  it('offers only what the editor holds; a button brings its menu and platform; saves 实时监控 without 指令下发', async () => {
    const server = await setup(<RolePage />, [button(123001, '新增角色')], (s) => {
      s.on('GET', `${SYS}/role/list.json`, ok({ total: 0, list: [] }));
      s.on('POST', `${SYS}/role/add.json`, ok({ id: 7 }));
    });
    const create = await screen.findByRole('button', { name: '新增角色' });
    await waitFor(() => expect((create as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(create);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^角色名称/), { target: { value: '监控员' } });
    expect(within(dialog).queryByRole('checkbox', { name: /站内消息/ })).toBeNull();
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: '实时监控' }));
    expect((within(dialog).getByRole('checkbox', { name: '子系统：智能车联' }) as HTMLInputElement).checked).toBe(true);
    // a button brings its menu; unchecking the menu drops the button again
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /下发指令/ }));
    expect((within(dialog).getByRole('checkbox', { name: '指令下发' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '指令下发' }));
    expect((within(dialog).getByRole('checkbox', { name: /下发指令/ }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(server, `${SYS}/role/add.json`)).toEqual([{ tenantId: 1, name: '监控员', remark: '', platformIds: [8], resourceIds: [8100] }]));
  });
});

describe('操作日志', () => {
  it('shows who changed what, with before and after readable', async () => {
    const log = {
      id: 1, account: 'admin', tenantId: 1, tenantName: '天路演示', action: '编辑用户', target: '用户 zhang', ip: '127.0.0.1', time: '2026-01-02T09:30:00+08:00',
      before: { name: '张三', disabled: false, groups: [] }, after: { name: '张三丰', disabled: false, groups: ['华北区域'] },
    };
    const server = await setup(<LogPage />, [], (s) => s.on('GET', `${SYS}/log/list.json`, ok({ total: 1, list: [log] })));
    expect(await screen.findByText('名称: 张三 → 张三丰；可见车组: — → 华北区域')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('账号'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('开始时间'), { target: { value: '2026-01-02T08:00' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(Object.fromEntries(server.to(`${SYS}/log/list.json`).at(-1)!.query)).toEqual({ current: '1', pageSize: '10', account: 'admin', start: '2026-01-02T08:00:00+08:00' }),
    );
    fireEvent.click(screen.getByText('用户 zhang'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('张三丰')).toBeTruthy();
    expect(within(dialog).getByText(/admin（天路演示）于 2026-01-02 09:30:00 操作/)).toBeTruthy();
  });
});
