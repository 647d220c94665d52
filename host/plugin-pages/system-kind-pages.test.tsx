import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { PermissionService, ServiceProvider, ToastService, type ResourceItem } from '@tianlu/sdk';
import { createKernel } from '../../core';
import { FakeServer, ok, storeUser } from '../../core/test/fake-server';
import PersonPage from '../../plugins/system/pages/person-page';

// Fluent dialogs and the lazily loaded table render slowly under jsdom.

const SYS = '/car/v1/api/system';
const PHOTO = '/car/v1/api/media/0123456789abcdef0123456789abcdef.png';
const buttons = (menu: number, ns: number[]): ResourceItem[] => ns.map((n) => ({ id: menu * 100 + n, name: String(n), type: 3 }));

const options = {
  tenants: [{ id: 1, name: '天路演示', parentId: null }],
  groups: [{ id: 5, tenantId: 1, parentId: null, name: '工业园员工' }],
};
const asset = (id: number, plateNo: string, assetKind: string, profile: object) => ({
  id, plateNo, plateColor: 0, plateColorName: '未上牌', vehicleType: '', vin: '', driver: '', assetKind, assetKindName: '', groupId: 5, groupName: '工业园员工',
  tenantId: 1, tenantName: '天路演示', expiryDate: null, expired: false, speedLimit: null, profile, terminalId: null, terminalNo: null, createTime: '2026-01-01T08:00:00+08:00',
});

let toast: ToastService;

async function setup(page: ReactElement, menu: number, ns: number[], list: object[], extra: (s: FakeServer) => void = () => undefined) {
  storeUser();
  const server = new FakeServer()
    .on('GET', '/car/v1/api/resource/newList.json', ok([{ id: 0, type: 0, name: '系统管理', platformId: 12, children: [{ id: menu, name: '页', type: 1, children: buttons(menu, ns) }] }]))
    .on('GET', `${SYS}/vehicle/options.json`, ok(options))
    .on('GET', `${SYS}/vehicle/list.json`, ok({ total: list.length, list }));
  extra(server);
  const container = createKernel({ httpAdapter: server.adapter });
  await container.get<PermissionService>(PermissionService).load();
  toast = container.get<ToastService>(ToastService);
  render(<ServiceProvider container={container}>{page}</ServiceProvider>);
  return server;
}

/**
 * The one case of 人员管理 that stays on canned answers: the photo's multipart upload does not go
 * through @fastify/multipart when the server runs under jsdom (it answers 500). The page's other
 * tests run against the real server (plugins/system/pages/kind-pages.test.tsx).
 */
describe('人员管理', () => {
  it('adds a person with a photo uploaded first', async () => {
    const server = await setup(<PersonPage />, 1241, [1], [], (s) =>
      s.on('POST', '/car/v1/api/media/upload.json', ok({ url: PHOTO })).on('POST', `${SYS}/vehicle/add.json`, ok(asset(2, '李秀英', 'person', {}))),
    );
    const add = await screen.findByRole('button', { name: '新增人员' });
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(add);
    const dialog = await screen.findByRole('dialog', { name: '新增人员' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /姓名/ }), { target: { value: '李秀英' } });
    fireEvent.change(await within(dialog).findByRole('textbox', { name: /工号/ }), { target: { value: 'E0002' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /部门/ }), { target: { value: '仓储部' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /手机号/ }), { target: { value: '13912345678' } });
    fireEvent.change(within(dialog).getByLabelText('选择照片'), { target: { files: [new File([new Uint8Array([0x89, 0x50])], '头像.png', { type: 'image/png' })] } });
    await waitFor(() => expect((within(dialog).getByAltText('照片') as HTMLImageElement).getAttribute('src')).toBe(PHOTO));
    fireEvent.change(within(dialog).getByRole('combobox', { name: '分组' }), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新增人员' })).toBeNull());
    expect(server.to(`${SYS}/vehicle/add.json`)[0]!.body).toEqual({
      plateNo: '李秀英', assetKind: 'person', plateColor: 0, groupId: 5, expiryDate: '', tenantId: 1,
      profile: { employeeNo: 'E0002', department: '仓储部', phone: '13912345678', photo: PHOTO },
    });
    expect(toast.current?.text).toBe('人员已新增');
  });
});
