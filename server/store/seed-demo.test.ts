import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../testing/api-client';
import { createTestServer, type TestServer } from '../testing/test-server';
import { addDemoUser } from '../testing/test-users';
import { seedDemo } from './seed-demo';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({ demo: true });
});
afterAll(() => server.close());

async function counts() {
  const { db } = server.store;
  const count = async (table: 'tenants' | 'roles' | 'users' | 'role_resources' | 'role_platforms' | 'sites' | 'dictionary' | 'notices') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return {
    tenants: await count('tenants'),
    roles: await count('roles'),
    users: await count('users'),
    roleResources: await count('role_resources'),
    rolePlatforms: await count('role_platforms'),
    sites: await count('sites'),
    dictionary: await count('dictionary'),
    notices: await count('notices'),
  };
}

describe('demo seed', () => {
  it('seeds three tenants with one administrator each, two sites and five notices', async () => {
    expect(await counts()).toMatchObject({ tenants: 3, roles: 3, users: 3, sites: 2, notices: 5, rolePlatforms: 9 + 3 + 3 });
  });

  it('puts the demo customer below the demo tenant and keeps 其他公司 a separate top-level tenant', async () => {
    const rows = await server.store.db.selectFrom('tenants').select(['id', 'name', 'parent_id', 'kind']).orderBy('id').execute();
    const byName = new Map(rows.map((r) => [r.name, r]));
    expect(byName.get('天路演示')).toMatchObject({ parent_id: null, kind: 'platform' });
    expect(byName.get('其他公司')).toMatchObject({ parent_id: null, kind: 'agent' });
    expect(byName.get('演示物流公司')).toMatchObject({ parent_id: byName.get('天路演示')!.id, kind: 'customer' });
    expect((await new ApiClient(server.app).login('wuliu', 'Wuliu@123')).flag).toBe(1);
  });

  it('adds nothing when run again and the demo passwords still work', async () => {
    const before = await counts();
    const adminBefore = await server.store.users.findByAccount('admin');
    await seedDemo(server.store);
    await seedDemo(server.store);
    expect(await counts()).toEqual(before);
    expect((await server.store.users.findByAccount('admin'))!.passwordHash).toBe(adminBefore!.passwordHash);
    expect((await new ApiClient(server.app).login('admin', 'Admin@123')).flag).toBe(1);
  });

  it('stores salted hashes: two users with the same password get different hashes', async () => {
    await addDemoUser(server.store, 'twin-a', 'Same@123');
    await addDemoUser(server.store, 'twin-b', 'Same@123');
    const a = await server.store.users.findByAccount('twin-a');
    const b = await server.store.users.findByAccount('twin-b');
    expect(a!.passwordHash).toMatch(/^scrypt\$/);
    expect(a!.passwordHash).not.toBe(b!.passwordHash);
    expect((await new ApiClient(server.app).login('twin-b', 'Same@123')).flag).toBe(1);
  });
});

describe('without the demo profile', () => {
  it('has the resource catalogue but no demo users', async () => {
    const bare = await createTestServer();
    try {
      expect(await bare.store.users.count()).toBe(0);
      expect((await bare.store.catalogue.listPlatforms()).length).toBe(9);
      expect((await bare.store.catalogue.listResources()).map((r) => r.id)).toContain(840001);
      expect((await new ApiClient(bare.app).login('admin', 'Admin@123')).msg).toBe('账号或密码错误');
    } finally {
      await bare.close();
    }
  });
});
