import { maskEmail, maskPhone } from '../../../server/module';
import { ApiClient, createTestServer, demoTenantClients, download, sheetRows, tenantIds, type TestServer } from '../../../server/module/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoleAdminApi, SecurityApi, UserAdminApi } from '../../../sdk/contracts';

// 安全中心's privacy choices applied in 用户管理: others see the phone and e-mail masked, the user their own.
let server: TestServer;
let admin: ApiClient;
let zhang: ApiClient;
let zhangId: number;

interface UserItem {
  userId: number;
  account: string;
  name: string;
  phone: string;
  email: string;
}
const users = async (client: ApiClient, keyword: string) => (await client.get<{ total: number; list: UserItem[] }>(UserAdminApi.list.path, { keyword })).obj.list;
const privacy = (client: ApiClient, body: object) => client.postJson(SecurityApi.updatePrivacy.path, body);

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false, config: { simDevices: 0 } });
  ({ admin } = await demoTenantClients(server.app));
  const demo = (await tenantIds(server.store)).demo;
  const roles = await admin.get<{ list: { id: number; name: string }[] }>(RoleAdminApi.list.path, { tenantId: demo, pageSize: 200 });
  const roleId = roles.obj.list.find((r) => r.name === '管理员')!.id;
  const created = await admin.postJson<{ userId: number }>(UserAdminApi.add.path, {
    tenantId: demo, account: 'privacy_zhang', password: 'Zhang1234', name: '张隐私', phone: '13812340000', email: 'zhang@example.com', roleId,
  });
  expect(created.flag, created.msg).toBe(1);
  zhangId = created.obj.userId;
  zhang = new ApiClient(server.app);
  expect((await zhang.login('privacy_zhang', 'Zhang1234')).flag).toBe(1);
});
afterAll(() => server.close());

describe('masking', () => {
  it('keeps the first three and last four digits and the first letter with the domain', () => {
    expect(maskPhone('13812340000')).toBe('138****0000');
    expect(maskPhone('')).toBe('');
    expect(maskEmail('zhang@example.com')).toBe('z***@example.com');
    expect(maskEmail('')).toBe('');
  });
});

describe('用户管理 and the privacy settings of 安全中心', () => {
  it('shows others the phone and e-mail masked once the user hides them, and the user their own', async () => {
    expect((await users(admin, 'privacy_zhang'))[0]).toMatchObject({ phone: '13812340000', email: 'zhang@example.com' });
    expect(await privacy(zhang, { hidePhone: true, hideEmail: true })).toMatchObject({ flag: 1 });

    expect((await users(admin, 'privacy_zhang'))[0]).toMatchObject({ phone: '138****0000', email: 'z***@example.com' });
    expect((await users(zhang, 'privacy_zhang'))[0]).toMatchObject({ phone: '13812340000', email: 'zhang@example.com' });
    // a hidden phone cannot be found by its digits, except by its owner
    expect(await users(admin, '1234000')).toEqual([]);
    expect((await users(zhang, '1234000')).map((u) => u.account)).toEqual(['privacy_zhang']);

    const sheet = await sheetRows((await download(server.app, admin, 'POST', UserAdminApi.export.path, { keyword: 'privacy_zhang' })).rawPayload);
    const header = sheet[0]!;
    expect([sheet[1]![header.indexOf('手机号')], sheet[1]![header.indexOf('邮箱')]]).toEqual(['138****0000', 'z***@example.com']);
    const own = await sheetRows((await download(server.app, zhang, 'POST', UserAdminApi.export.path, { keyword: 'privacy_zhang' })).rawPayload);
    expect(own[1]![header.indexOf('手机号')]).toBe('13812340000');

    // only the phone hidden now
    await privacy(zhang, { hidePhone: true, hideEmail: false });
    expect((await users(admin, 'privacy_zhang'))[0]).toMatchObject({ phone: '138****0000', email: 'zhang@example.com' });
  });

  it('keeps the stored phone when an edit sends the masked value back, and masks it in the operation log', async () => {
    await privacy(zhang, { hidePhone: true, hideEmail: true });
    const shown = (await users(admin, 'privacy_zhang'))[0]!;
    const base = { userId: zhangId, name: '张隐私二', phone: shown.phone, email: shown.email, roleId: (await server.store.system.users.find(zhangId, [(await tenantIds(server.store)).demo]))!.roleId };
    expect(await admin.postJson(UserAdminApi.update.path, base)).toMatchObject({ flag: 1 });
    const stored = (await users(zhang, 'privacy_zhang'))[0]!;
    expect(stored).toMatchObject({ name: '张隐私二', phone: '13812340000', email: 'zhang@example.com' });

    expect(await admin.postJson(UserAdminApi.update.path, { ...base, phone: '13900001111' })).toMatchObject({ flag: 1 });
    expect((await users(zhang, 'privacy_zhang'))[0]!.phone).toBe('13900001111');
    expect((await users(admin, 'privacy_zhang'))[0]!.phone).toBe('139****1111');
    // a wrong phone is still refused
    expect(await admin.postJson(UserAdminApi.update.path, { ...base, phone: '139****' })).toMatchObject({ flag: 400, msg: '手机号格式不正确' });

    const log = await server.store.audit.page({ tenantIds: [(await tenantIds(server.store)).demo], keyword: 'privacy_zhang', offset: 0, limit: 1 });
    expect(log.list[0]).toMatchObject({ action: '编辑用户', before: { phone: '138****0000', email: 'z***@example.com' }, after: { phone: '139****1111' } });
    expect(JSON.stringify(log.list[0])).not.toContain('13900001111');
  });
});
