import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, demoTenantClients } from '../testing/api-client';
import { addScopedUser } from '../testing/scoped-users';
import { createTestServer, type TestServer } from '../testing/test-server';
import { DEMO_TENANT } from '../store/seed-demo';

// The test plugins are what an operator installs: plain ES modules in PLUGINS_DIR that import
// nothing of the repository and default-export the module definition.
const COLD_CHAIN_SERVER = `
export default {
  kind: 'tianlu-server-module',
  name: 'cold-chain',
  migrations: {
    '0001-readings': {
      async up(db) {
        await db.schema.createTable('readings')
          .addColumn('id', 'serial', (c) => c.primaryKey())
          .addColumn('celsius', 'real', (c) => c.notNull())
          .execute();
      },
    },
  },
  services: (ctx) => ({ db: ctx.db, schema: ctx.schema, given: Object.keys(ctx).sort(), ticks: [] }),
  jobs: [{ name: 'tick', start: (ctx, services) => { services.ticks.push(ctx.clock.now()); return { close() {} }; } }],
  routes: [{
    name: 'cold-chain',
    routes: [
      {
        method: 'GET', url: '/plugins/cold-chain/api/readings.json', summary: '温度记录',
        async handler({ services, user }) {
          const list = await services.db.selectFrom('readings').select(['id', 'celsius']).orderBy('id').execute();
          return { list, tenantId: user.tenantId, started: services.ticks.length };
        },
      },
      {
        method: 'POST', url: '/plugins/cold-chain/api/readings/add.json', summary: '记一条温度', resource: 920101,
        schema: { body: { type: 'object', required: ['celsius'], properties: { celsius: { type: 'number', title: '温度' } } } },
        async handler({ body, services }) {
          await services.db.insertInto('readings').values({ celsius: body.celsius }).execute();
          return null;
        },
      },
      { method: 'GET', url: '/plugins/cold-chain/api/readings/:id', summary: '一条记录', async handler({ params }) { return { id: params.id }; } },
      { method: 'GET', url: '/plugins/cold-chain/api/context.json', summary: '上下文', async handler({ services, deps }) { return { given: services.given, schema: services.schema, deps: Object.keys(deps).sort() }; } },
      { method: 'GET', url: '/plugins/cold-chain/api/who.json', summary: '调用者', async handler({ user, assets, audit }) { await audit({ action: '查看', target: '调用者', tenantId: 1 }); return { user, assets: await assets() }; } },
      { method: 'GET', url: '/plugins/cold-chain/api/boom.json', summary: '出错', async handler() { throw new Error('boom'); } },
      { method: 'GET', url: '/plugins/cold-chain/api/refuse.json', summary: '拒绝', async handler() { throw Object.assign(new Error('温度超出范围'), { flag: 400 }); } },
    ],
  }],
};
`;

const LATE_SERVER = `
export default { name: 'late', routes: [{ method: 'GET', url: '/plugins/late/api/hello.json', handler: async () => 'hello' }] };
`;

let server: TestServer;
let pluginsDir: string;
let admin: ApiClient;
let other: ApiClient;
let viewer: ApiClient;
const logLines: string[] = [];

function record(systemId: string, platformId: number, extra: Record<string, unknown> = {}) {
  return {
    platformId, systemId, name: systemId,
    productionEntry: `/child/${systemId}/index.js`, developmentEntry: `/child/${systemId}/index.js`,
    title: systemId, icon: 'Apps', path: `/${systemId}/`, created: '2026-11-27', iconfont: '', enabled: true,
    serverEntry: 'server/index.js',
    ...extra,
  };
}

async function install(root: string, folder: string, manifest: unknown, serverCode?: string): Promise<void> {
  const dir = join(root, folder);
  await mkdir(join(dir, 'server'), { recursive: true });
  await writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest));
  await writeFile(join(dir, 'index.js'), `export default { systemId: ${JSON.stringify(folder)} };\n`);
  if (serverCode !== undefined) await writeFile(join(dir, 'server', 'index.js'), serverCode);
}

async function manifest(target: TestServer = server): Promise<Array<Record<string, unknown>>> {
  return (await target.app.inject({ method: 'GET', url: '/plugins.manifest.json' })).json();
}

/** The tables of a schema, as PostgreSQL (or PGlite) lists them. */
async function tablesOf(target: TestServer, schema: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = ${schema} order by table_name`.execute(target.store.db);
  return rows.map((r) => r.name);
}

const schemaOf = (target: TestServer, systemId: string) => `${target.store.schema ? `${target.store.schema}_` : ''}plugin_${systemId.replace(/-/g, '_')}`;

beforeAll(async () => {
  pluginsDir = await mkdtemp(join(tmpdir(), 'tianlu-plugin-parts-'));
  const menus = [{ id: 9201, title: '冷链', path: '/cold-chain/overview', buttons: [{ id: 920101, title: '记录温度' }] }];
  await install(pluginsDir, 'cold-chain', record('cold-chain', 92, { title: '冷链监控', menus }), COLD_CHAIN_SERVER);
  await install(pluginsDir, 'broken', record('broken', 93), `throw new Error('导入即失败');\nexport default {};\n`);
  await install(pluginsDir, 'stray', record('stray', 94, { menus: [{ id: 9401, title: '越界' }] }), `
export default { name: 'stray', routes: [
  { method: 'GET', url: '/car/v4/api/monitor/steal.json', handler: async () => 1 },
  { method: 'GET', url: '/plugins/stray/api/grant.json', resource: 8100, handler: async () => 1 },
] };
`);
  await install(pluginsDir, 'bad-migration', record('bad-migration', 71), `
export default { name: 'bad-migration', migrations: { '0001-half': { async up(db) {
  await db.schema.createTable('half').addColumn('id', 'integer').execute();
  throw new Error('迁移出错');
} } } };
`);
  await install(pluginsDir, 'bad-job', record('bad-job', 74), `
export default { name: 'bad-job', jobs: [
  { name: 'first', start: () => { globalThis.__badJobFirst = 'started'; return { close() { globalThis.__badJobFirst = 'closed'; } }; } },
  { name: 'second', start: () => { throw new Error('任务启动失败'); } },
] };
`);
  await install(pluginsDir, 'cold_chain', record('cold_chain', 72), `export default { name: 'cold_chain' };\n`);
  await install(pluginsDir, 'resting', record('resting', 73, { enabled: false }), `export default { name: 'resting', routes: [{ method: 'GET', url: '/plugins/resting/api/ping.json', handler: async () => 'pong' }] };\n`);
  const stream = new Writable({ write: (chunk: Buffer, _enc, done) => (logLines.push(...chunk.toString().split('\n').filter(Boolean)), done()) });
  // four demo vehicles provisioned, none reporting
  server = await createTestServer({ demo: true, simulate: false, config: { pluginsDir, simDevices: 4 }, logger: { level: 'info', stream } });
  ({ admin, other } = await demoTenantClients(server.app));
  const tenant = (await server.store.org.findTenantByName(DEMO_TENANT))!;
  await addScopedUser(server.store, { tenantId: tenant.id, account: 'coldviewer', password: 'Viewer@123', role: '冷链查看', platformIds: [92], resourceIds: [9201] });
  viewer = new ApiClient(server.app);
  await viewer.login('coldviewer', 'Viewer@123');
}, 60_000);

afterAll(async () => {
  await server?.close();
  await rm(pluginsDir, { recursive: true, force: true });
});

describe('a server part of an installed plugin', () => {
  it('answers under its own prefix with the session, its tenant and its job and services started', async () => {
    const res = await admin.get<{ list: unknown[]; tenantId: number; started: number }>('/plugins/cold-chain/api/readings.json');
    expect(res).toMatchObject({ flag: 1, obj: { list: [], started: 1 } });
    const me = await admin.get<{ tenantId: number }>('/car/v1/api/user/getUser.json');
    expect(res.obj.tenantId).toBe(me.obj.tenantId);
    expect((await admin.get('/plugins/cold-chain/api/readings/42')).obj).toEqual({ id: '42' });
  });

  it('tells a route its caller without secrets, and the assets the caller may see, group scope included', async () => {
    type Who = { user: Record<string, unknown>; assets: { terminalId: number; terminalNo: string; displayNo: string; name: string; assetKind: string | null; tenantId: number; groupId: number | null }[] };
    const mine = (await admin.get<Who>('/plugins/cold-chain/api/who.json')).obj;
    expect(Object.keys(mine.user).sort()).toEqual(['account', 'id', 'name', 'roleId', 'tenantId', 'tenantName']);
    expect(mine.user.account).toBe('admin');
    const tenant = (await server.store.org.findTenantByName(DEMO_TENANT))!;
    const terminals = await server.store.db.selectFrom('terminals').select(['id', 'tenant_id']).execute();
    const subtree = await server.store.scope.tenantSubtree(tenant.id);
    expect(mine.assets.map((a) => a.terminalId).sort((a, b) => a - b)).toEqual(terminals.filter((t) => subtree.includes(t.tenant_id)).map((t) => t.id).sort((a, b) => a - b));
    expect(mine.assets.find((a) => a.assetKind === 'vehicle')).toMatchObject({ name: expect.stringMatching(/^[\u4e00-\u9fa5]/), displayNo: expect.stringMatching(/^\d+$/) });
    // the audit entry lands in the caller's own tenant whatever the part asks for
    const audits = await server.store.db.selectFrom('operation_logs').select(['tenant_id', 'action']).where('action', '=', '查看').where('target', '=', '调用者').execute();
    expect(audits).toEqual([{ tenant_id: tenant.id, action: '查看' }]);

    const group = await server.store.db.selectFrom('vehicle_groups').select('id').where('tenant_id', '=', tenant.id).where('parent_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    await addScopedUser(server.store, { tenantId: tenant.id, account: 'coldgroup', password: 'Group@123', role: '冷链分组', platformIds: [92], groupIds: [group.id] });
    const grouped = new ApiClient(server.app);
    await grouped.login('coldgroup', 'Group@123');
    const seen = (await grouped.get<Who>('/plugins/cold-chain/api/who.json')).obj.assets;
    const groups = await server.store.scope.groupSubtree([group.id]);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.length).toBeLessThan(mine.assets.length);
    expect(seen.every((a) => a.groupId !== null && groups.includes(a.groupId))).toBe(true);

    // a tenant whose roles are not granted the plugin does not reach it
    expect((await other.get<Who>('/plugins/cold-chain/api/who.json')).flag).toBe(403);
  });

  it('keeps its tables in its own schema, created by its own migrations', async () => {
    expect(await admin.postJson('/plugins/cold-chain/api/readings/add.json', { celsius: 4.5 })).toMatchObject({ flag: 1 });
    expect((await admin.get<{ list: unknown[] }>('/plugins/cold-chain/api/readings.json')).obj.list).toEqual([{ id: 1, celsius: 4.5 }]);
    const schema = schemaOf(server, 'cold-chain');
    expect(await tablesOf(server, schema)).toEqual(['kysely_migration', 'kysely_migration_lock', 'readings']);
    // not among the platform's tables
    expect(await tablesOf(server, server.store.schema ?? 'public')).not.toContain('readings');
  });

  it('is lent its own database handle and the narrow platform services, not the platform store or deps', async () => {
    const res = await admin.get<{ given: string[]; schema: string; deps: string[] }>('/plugins/cold-chain/api/context.json');
    expect(res.obj).toEqual({ given: ['alarms', 'clock', 'commands', 'db', 'exports', 'log', 'schema', 'settings', 'texts'], schema: schemaOf(server, 'cold-chain'), deps: ['clock', 'modules'] });
  });

  it('checks input against the route schema with the field named in Chinese', async () => {
    expect(await admin.postJson('/plugins/cold-chain/api/readings/add.json', {})).toMatchObject({ flag: 400, msg: '温度不能为空' });
    expect(await admin.postJson('/plugins/cold-chain/api/readings/add.json', { celsius: 'warm' })).toMatchObject({ flag: 400, msg: expect.stringContaining('温度') });
  });

  it('requires the session, the plugin platform and the route’s own button', async () => {
    expect((await new ApiClient(server.app).get('/plugins/cold-chain/api/readings.json')).flag).toBe(4010);
    // the other tenant's administrator was never granted the plugin
    expect(await other.get('/plugins/cold-chain/api/readings.json')).toMatchObject({ flag: 403, obj: null });
    expect((await other.postJson('/plugins/cold-chain/api/readings/add.json', { celsius: 1 })).flag).toBe(403);
    // the platform and the menu, not the button 记录温度
    expect((await viewer.get('/plugins/cold-chain/api/readings.json')).flag).toBe(1);
    expect((await viewer.postJson('/plugins/cold-chain/api/readings/add.json', { celsius: 1 })).flag).toBe(403);
    expect((await admin.get('/plugins/cold-chain/api/nothing.json')).msg).toBe('接口不存在');
  });

  it('answers a handler that throws with a 500 envelope and keeps serving; a thrown refusal keeps its flag', async () => {
    expect(await admin.get('/plugins/cold-chain/api/boom.json')).toEqual({ flag: 500, msg: '服务器内部错误', obj: null });
    expect(await admin.get('/plugins/cold-chain/api/refuse.json')).toMatchObject({ flag: 400, msg: '温度超出范围' });
    expect((await admin.get('/plugins/cold-chain/api/readings.json')).flag).toBe(1);
  });

  it('is never served to browsers as a plugin file', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/child/cold-chain/server/index.js' })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/child/cold-chain/index.js' })).statusCode).toBe(200);
  });
});

describe('a server part that fails to load', () => {
  it('is logged in Chinese once and marked in the manifest, so the console shows 插件加载失败', async () => {
    expect(logLines.filter((l) => l.includes('插件 broken 的服务端加载失败：导入 server/index.js 时出错：导入即失败'))).toHaveLength(1);
    const records = await manifest();
    expect(records.find((r) => r.systemId === 'broken')).toMatchObject({ serverError: '插件 broken 的服务端加载失败：导入 server/index.js 时出错：导入即失败' });
    expect(records.find((r) => r.systemId === 'cold-chain')).not.toHaveProperty('serverError');
  });

  it('refuses routes outside its prefix and permissions outside its own menus', async () => {
    const stray = (await manifest()).find((r) => r.systemId === 'stray');
    expect(stray?.serverError).toContain('必须以插件自己的接口前缀 /plugins/stray/api/ 开头');
    expect(stray?.serverError).toContain('权限资源 8100 不是本插件 manifest.json 的 menus 中声明的菜单或按钮编号');
    expect((await admin.get('/car/v4/api/monitor/steal.json')).flag).toBe(404);
  });

  it('is set aside when its migration fails, with the migration named and nothing of it left', async () => {
    const record = (await manifest()).find((r) => r.systemId === 'bad-migration');
    expect(record?.serverError).toBe('插件 bad-migration 的服务端加载失败：数据库迁移 0001-half 失败：迁移出错');
    expect(await tablesOf(server, schemaOf(server, 'bad-migration'))).not.toContain('half');
  });

  it('is set aside when a job fails to start, the jobs it started closed again', async () => {
    const record = (await manifest()).find((r) => r.systemId === 'bad-job');
    expect(record?.serverError).toBe('插件 bad-job 的服务端加载失败：任务 second 启动失败：任务启动失败');
    expect((globalThis as { __badJobFirst?: string }).__badJobFirst).toBe('closed');
  });

  it('may not share the schema of another plugin (cold_chain beside cold-chain)', async () => {
    const record = (await manifest()).find((r) => r.systemId === 'cold_chain');
    expect(record?.serverError).toBe(`插件 cold_chain 的服务端加载失败：数据库 schema ${schemaOf(server, 'cold-chain')} 已被插件 cold-chain 使用，请更换 systemId`);
  });

  it('answers its routes with the reason while the platform and the other parts keep working', async () => {
    expect(await admin.get('/plugins/broken/api/anything.json')).toMatchObject({ flag: 500, msg: expect.stringContaining('插件 broken 的服务端加载失败') });
    expect((await admin.get('/plugins/cold-chain/api/readings.json')).flag).toBe(1);
    expect((await admin.get('/car/v1/api/user/getUser.json')).flag).toBe(1);
    expect((await admin.get('/car/v4/api/monitor/list.json', { current: 1, pageSize: 10 })).flag).toBe(1);
  });
});

describe('a plugin its manifest disables', () => {
  it('runs no server part and its routes say so', async () => {
    expect(await admin.get('/plugins/resting/api/ping.json')).toMatchObject({ flag: 404, msg: '插件 resting 的服务端未运行：插件已停用（manifest.json 的 enabled 为 false）' });
  });
});

describe('installing into a running platform', () => {
  it('loads a part dropped in at the next read of PLUGINS_DIR and unloads one removed', async () => {
    expect((await admin.get('/plugins/late/api/hello.json')).flag).toBe(404);
    await install(pluginsDir, 'late', record('late', 95), LATE_SERVER);
    await manifest();
    expect(await admin.get('/plugins/late/api/hello.json')).toMatchObject({ flag: 1, obj: 'hello' });
    // an update of its file is loaded again at the next read
    await writeFile(join(pluginsDir, 'late', 'server', 'index.js'), LATE_SERVER.replace("'hello'", "'hello again'"));
    await manifest();
    expect(await admin.get('/plugins/late/api/hello.json')).toMatchObject({ flag: 1, obj: 'hello again' });
    await rm(join(pluginsDir, 'late'), { recursive: true });
    await manifest();
    expect(await admin.get('/plugins/late/api/hello.json')).toMatchObject({ flag: 404, msg: '接口不存在' });
  });
});

describe('PLUGIN_SERVER_PARTS=off', () => {
  it('loads no server part: no schema, routes say the part is off, console pages stay installed', async () => {
    const offServer = await createTestServer({ demo: true, config: { pluginsDir, pluginServerParts: false } });
    try {
      const { admin: offAdmin } = await demoTenantClients(offServer.app);
      expect(await offAdmin.get('/plugins/cold-chain/api/readings.json')).toMatchObject({ flag: 404, msg: expect.stringContaining('PLUGIN_SERVER_PARTS=off') });
      expect((await offAdmin.get('/plugins/broken/api/anything.json')).msg).toContain('PLUGIN_SERVER_PARTS=off');
      expect(await tablesOf(offServer, schemaOf(offServer, 'cold-chain'))).toEqual([]);
      const records = await manifest(offServer);
      expect(records.map((r) => r.systemId)).toContain('cold-chain');
      expect(records.filter((r) => 'serverError' in r)).toEqual([]);
    } finally {
      await offServer.close();
    }
  });
});
