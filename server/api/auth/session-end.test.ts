import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../auth/password-hasher';
import { ApiClient } from '../../testing/api-client';
import { addScopedUser } from '../../testing/scoped-users';
import { createTestServer, type TestServer } from '../../testing/test-server';
import { DEMO_TENANT } from '../../store/seed-demo';

// What an administrator changes about a user applies at that user's next call.
let server: TestServer;
let tenantId: number;
const LIST = '/car/v4/api/monitor/list.json';
const ME = '/car/v1/api/user/getUser.json';

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false });
  tenantId = (await server.store.org.findTenantByName(DEMO_TENANT))!.id;
});
afterAll(() => server.close());

async function userWithMonitor(account: string): Promise<{ client: ApiClient; userId: number; roleId: number }> {
  const { userId, roleId } = await addScopedUser(server.store, {
    tenantId, account, password: 'Start@123', role: `角色 ${account}`, platformIds: [8], resourceIds: [8100],
  });
  const client = new ApiClient(server.app);
  expect((await client.login(account, 'Start@123')).flag).toBe(1);
  return { client, userId, roleId };
}

describe('changes to a user end or narrow their sessions at the next call', () => {
  it('ends the sessions of a disabled user', async () => {
    const { client, userId } = await userWithMonitor('end_disabled');
    expect((await client.get(LIST)).flag).toBe(1);
    await server.store.users.setDisabled(userId, true);
    expect(await client.get(LIST)).toMatchObject({ flag: 4010, msg: '会话过期' });
    // enabling again does not revive the ended session
    await server.store.users.setDisabled(userId, false);
    expect((await client.get(ME)).flag).toBe(4010);
  });

  it('ends the sessions of a user whose password was changed elsewhere', async () => {
    const { client, userId } = await userWithMonitor('end_password');
    expect((await client.get(ME)).flag).toBe(1);
    await server.store.security.setPassword(userId, await hashPassword('Reset@123'), new Date());
    expect((await client.get(ME)).flag).toBe(4010);
  });

  it('applies a revoked resource at the next call and a granted one too', async () => {
    const { client, roleId } = await userWithMonitor('role_change');
    expect((await client.get(LIST)).flag).toBe(1);
    await server.store.db.deleteFrom('role_resources').where('role_id', '=', roleId).where('resource_id', '=', 8100).execute();
    expect(await client.get(LIST)).toMatchObject({ flag: 403, obj: null });
    // the session itself stays valid
    expect((await client.get(ME)).flag).toBe(1);
    await server.store.org.grantResources(roleId, [8100]);
    expect((await client.get(LIST)).flag).toBe(1);
  });

  it('applies a changed vehicle-group scope at the next call', async () => {
    const { client, userId } = await userWithMonitor('group_change');
    const before = (await client.get<{ total: number }>(LIST)).obj.total;
    const group = await server.store.fleet.ensureGroup(tenantId, null, '空车组');
    await server.store.db.insertInto('user_groups').values({ user_id: userId, group_id: group }).execute();
    expect((await client.get<{ total: number }>(LIST)).obj.total).toBe(0);
    await server.store.db.deleteFrom('user_groups').where('user_id', '=', userId).execute();
    expect((await client.get<{ total: number }>(LIST)).obj.total).toBe(before);
  });
});
