import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/test-server';
import { CENTRE_PLATFORM_ID } from './catalogue/platform-catalogue';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({ demo: true });
});
afterAll(() => server.close());

describe('a role’s grants, asked one resource at a time', () => {
  it('says granted for exactly the resources the role’s menu lists, for a partly granted role', async () => {
    const { catalogue, db } = server.store;
    const { roles } = server.store.system;
    const all = await catalogue.listResources();
    const tenant = await db.selectFrom('tenants').select('id').orderBy('id').executeTakeFirstOrThrow();
    // a centre setting (its group comes along), a resource of a granted platform, one of a platform not granted
    const centreChild = all.find((r) => r.platformId === CENTRE_PLATFORM_ID && r.parentId !== null)!;
    const [granted, notGranted] = [...new Set(all.filter((r) => r.platformId !== CENTRE_PLATFORM_ID).map((r) => r.platformId))];
    const onGranted = all.find((r) => r.platformId === granted)!;
    const onOther = all.find((r) => r.platformId === notGranted)!;
    const roleId = await roles.create(tenant.id, '部分授权', '', { platformIds: [granted!], resourceIds: [centreChild.id, onGranted.id, onOther.id] });

    const listed = new Set((await catalogue.roleResources(roleId)).map((r) => r.id));
    expect(listed).toContain(centreChild.parentId);
    expect(listed).toContain(onGranted.id);
    expect(listed).not.toContain(onOther.id);
    for (const r of all) expect([r.id, await catalogue.roleHasResource(roleId, r.id)]).toEqual([r.id, listed.has(r.id)]);
    expect(await catalogue.roleHasAnyResource(roleId, [onOther.id, onGranted.id])).toBe(true);
    expect(await catalogue.roleHasAnyResource(roleId, [onOther.id])).toBe(false);
    expect(await catalogue.roleHasAnyResource(roleId, [])).toBe(false);
  });
});
