import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { badInput, defineServerPart, type PartPosition } from '../index';
import { createPartHarness, type PartHarness } from './index';

const MENU = 40001;
const SAVE_BUTTON = 4000101;

const manifest = {
  platformId: 40,
  systemId: 'cold-chain',
  name: 'cold-chain',
  productionEntry: '/child/cold-chain/index.js',
  developmentEntry: '/child/cold-chain/index.js',
  title: '冷链监控',
  icon: 'Apps',
  path: '/cold-chain/',
  created: '2026-11-27',
  iconfont: 'icon-cold-chain',
  enabled: true,
  menus: [{ id: MENU, title: '概览', path: '/cold-chain/overview', buttons: [{ id: SAVE_BUTTON, title: '保存' }] }],
  settings: [{ key: 'maxTemp', title: '温度上限', kind: 'number', default: 8, min: -40, max: 40 }],
  contributes: { alarmTypes: [{ alarmType: 'cold-chain.hot', alarmName: '冷藏超温' }] },
};

/** A small part: notes per tenant, a temperature decoded from item 0xE1, an alarm above the tenant's limit, an export. */
const part = defineServerPart({
  name: 'cold-chain',
  migrations: {
    '0001-notes': {
      async up(db) {
        await db.schema.createTable('notes').addColumn('id', 'serial', (c) => c.primaryKey()).addColumn('tenant_id', 'integer', (c) => c.notNull()).addColumn('text', 'text', (c) => c.notNull()).execute();
      },
    },
  },
  services: (ctx) => ({ notes: () => ctx.db.selectFrom('notes').select(['id', 'text', 'tenant_id as tenantId']).orderBy('id').execute() }),
  readings: {
    'cold-chain.t1': (src) => {
      const hex = src.item(0xe1);
      return hex === undefined ? undefined : parseInt(hex, 16) / 10;
    },
  },
  subscriptions: {
    async positions(batch, ctx) {
      for (const p of batch) {
        const t = p.readings?.['cold-chain.t1'];
        const { maxTemp } = await ctx.settings.get(p.tenantId);
        if (typeof t === 'number' && t > Number(maxTemp)) {
          await ctx.alarms.raise({ tenantId: p.tenantId, terminalId: p.terminalId, alarmType: 'cold-chain.hot', time: new Date(p.deviceTime), detail: { t } });
        } else if (typeof t === 'number') await ctx.alarms.end(p.terminalId, 'cold-chain.hot', new Date(p.deviceTime));
      }
    },
  },
  routes: [
    {
      method: 'GET',
      url: '/plugins/cold-chain/api/notes',
      async handler({ user, plugin }) {
        return plugin.db.selectFrom('notes').select(['id', 'text']).where('tenant_id', '=', user.tenantId).orderBy('id').execute();
      },
    },
    {
      method: 'POST',
      url: '/plugins/cold-chain/api/notes',
      resource: SAVE_BUTTON,
      schema: { body: { type: 'object', required: ['text'], properties: { text: { type: 'string', title: '备注', minLength: 1, maxLength: 20 } } } },
      async handler({ body, user, plugin, audit }) {
        const text = (body as { text: string }).text.trim();
        if (!text) throw badInput('备注不能只有空格');
        const row = await plugin.db.insertInto('notes').values({ tenant_id: user.tenantId, text }).returning(['id', 'text']).executeTakeFirstOrThrow();
        await audit({ action: '添加备注', target: text });
        return row;
      },
    },
    {
      method: 'GET',
      url: '/plugins/cold-chain/api/vehicles/:id',
      schema: { querystring: { type: 'object', properties: { days: { type: 'integer', title: '天数', minimum: 1 } } } },
      async handler({ params, query, assets }) {
        const mine = (await assets()).find((a) => String(a.terminalId) === params.id);
        if (!mine) throw new Error('no such vehicle');
        return { name: mine.name, days: (query as { days?: number }).days ?? 1 };
      },
    },
    {
      method: 'GET',
      url: '/plugins/cold-chain/api/export',
      async handler({ user, plugin }) {
        return plugin.exports.start({ user, title: '备注', columns: [{ header: '编号', key: 'id' }, { header: '备注', key: 'text' }], rows: () => plugin.db.selectFrom('notes').selectAll().where('tenant_id', '=', user.tenantId).orderBy('id').execute() });
      },
    },
    {
      method: 'GET',
      url: '/plugins/cold-chain/api/count',
      async handler({ user, plugin }) {
        const { count } = await plugin.db.selectFrom('notes').select((eb) => eb.fn.countAll().as('count')).where('tenant_id', '=', user.tenantId).executeTakeFirstOrThrow();
        return { count, at: plugin.clock.now(), nothing: undefined };
      },
    },
    {
      method: 'GET',
      url: '/plugins/cold-chain/api/now',
      async handler({ plugin }) {
        return { now: plugin.clock.now().toISOString(), settings: await plugin.settings.get(1) };
      },
    },
  ],
});

let harness: PartHarness<unknown> | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('createPartHarness', () => {
  it('runs the migrations in the plugin’s own schema and answers its routes as the platform does', async () => {
    harness = await createPartHarness(part, { manifest });
    expect(harness.schema).toBe('plugin_cold_chain');
    const tables = await sql<{ table_name: string }>`select table_name from information_schema.tables where table_schema = 'plugin_cold_chain' and table_name = 'notes'`.execute(harness.db);
    expect(tables.rows).toEqual([{ table_name: 'notes' }]);

    expect(await harness.call('POST', '/plugins/cold-chain/api/notes', { body: { text: ' 检查冷机 ' } })).toEqual({ flag: 1, msg: '成功', obj: { id: 1, text: '检查冷机' } });
    expect(await harness.call('GET', '/plugins/cold-chain/api/notes')).toEqual({ flag: 1, msg: '成功', obj: [{ id: 1, text: '检查冷机' }] });
    expect(harness.audits).toEqual([{ userId: 1, tenantId: 1, action: '添加备注', target: '检查冷机', before: undefined, after: undefined }]);
    // another tenant sees none of it
    expect((await harness.call('GET', '/plugins/cold-chain/api/notes', { user: { id: 7, tenantId: 2 } })).obj).toEqual([]);
  });

  it('answers as the wire and PostgreSQL do: a count as text, times as ISO texts, undefined left out', async () => {
    harness = await createPartHarness(part, { manifest, now: '2026-11-27T08:00:00Z' });
    await harness.call('POST', '/plugins/cold-chain/api/notes', { body: { text: '一' } });
    expect((await harness.call('GET', '/plugins/cold-chain/api/count')).obj).toEqual({ count: '1', at: '2026-11-27T08:00:00.000Z' });
  });

  it('refuses as the platform refuses: schema in Chinese, badInput, grants, unknown routes, failures', async () => {
    harness = await createPartHarness(part, { manifest });
    const post = (body: unknown, extra = {}) => harness!.call('POST', '/plugins/cold-chain/api/notes', { body, ...extra });
    expect(await post({})).toEqual({ flag: 400, msg: '备注不能为空', obj: null });
    expect(await post({ text: 'x'.repeat(21) })).toEqual({ flag: 400, msg: '备注长度不能超过 20 个字符', obj: null });
    expect(await post({ text: '   ' })).toEqual({ flag: 400, msg: '备注不能只有空格', obj: null });
    expect(await post({ text: 'a\u0000b' })).toEqual({ flag: 400, msg: '备注包含无效字符', obj: null });
    // the button the route names, or the plugin's platform, not held
    expect(await post({ text: '好' }, { resources: [MENU] })).toEqual({ flag: 403, msg: '无权限访问', obj: null });
    expect(await harness.call('GET', '/plugins/cold-chain/api/notes', { platform: false })).toEqual({ flag: 403, msg: '无权限访问', obj: null });
    expect(await harness.call('GET', '/plugins/cold-chain/api/nothing')).toEqual({ flag: 404, msg: '接口不存在', obj: null });
    expect(await harness.call('GET', '/plugins/other/api/notes')).toEqual({ flag: 404, msg: '接口不存在', obj: null });
    expect((await harness.call('GET', '/plugins/cold-chain/api/notes')).obj).toEqual([]);
    // an error the handler leaves uncaught: 服务器内部错误, its reason in the log
    expect(await harness.call('GET', '/plugins/cold-chain/api/vehicles/9')).toEqual({ flag: 500, msg: '服务器内部错误', obj: null });
    expect(harness.logs.at(-1)).toMatchObject({ level: 'error', msg: expect.stringContaining('no such vehicle') });
  });

  it('gives routes the query as a URL carries it, path parameters and the assets the caller may see', async () => {
    harness = await createPartHarness(part, { manifest, assets: [{ terminalId: 9, tenantId: 1, name: '京A12345' }, { terminalId: 10, tenantId: 2, name: '沪B00001' }] });
    expect(await harness.call('GET', '/plugins/cold-chain/api/vehicles/9?days=3')).toEqual({ flag: 1, msg: '成功', obj: { name: '京A12345', days: 3 } });
    expect(await harness.call('GET', '/plugins/cold-chain/api/vehicles/9', { query: { days: 'x' } })).toEqual({ flag: 400, msg: '天数必须是整数', obj: null });
    expect(await harness.call('GET', '/plugins/cold-chain/api/vehicles/9', { query: { days: 0 } })).toEqual({ flag: 400, msg: '天数不能小于 1', obj: null });
    // tenant 2's vehicle is not among tenant 1's assets
    expect((await harness.call('GET', '/plugins/cold-chain/api/vehicles/10')).flag).toBe(500);
    harness.assets.set([{ terminalId: 10, tenantId: 1, name: '沪B00001' }]);
    expect((await harness.call('GET', '/plugins/cold-chain/api/vehicles/10')).obj).toEqual({ name: '沪B00001', days: 1 });
  });

  it('decodes raw items into the part’s readings and raises an alarm once per episode, above the tenant’s setting', async () => {
    harness = await createPartHarness(part, { manifest, now: '2026-11-27T08:00:00Z' });
    const at = (hex: string, terminalId = 9): { tenantId: number; terminalId: number; readings: Record<string, string> } => ({ tenantId: 1, terminalId, readings: { 'item.e1': hex } });
    // 0x5A = 90 → 9.0 °C, above the default 8
    const [first] = (await harness.positions([at('005A')])) as PartPosition[];
    expect(first!.readings).toEqual({ 'item.e1': '005A', 'cold-chain.t1': 9 });
    expect(first!.deviceTime).toBe('2026-11-27T08:00:00.000Z');
    expect(Object.isFrozen(first)).toBe(true);
    await harness.positions([at('005B')]);
    expect(harness.alarms.raised.map((a) => [a.terminalId, a.alarmType, a.detail])).toEqual([[9, 'cold-chain.hot', { t: 9 }]]);
    expect(harness.alarms.open()).toHaveLength(1);
    // back under the limit: ended
    await harness.positions([at('0032')]);
    expect(harness.alarms.ended.map((a) => a.terminalId)).toEqual([9]);
    expect(harness.alarms.open()).toEqual([]);
    // the tenant raises its limit to 10: 9.0 °C is no alarm
    harness.settings.set(1, { maxTemp: 10 });
    await harness.positions([at('005A', 11)]);
    expect(harness.alarms.raised).toHaveLength(1);
    // a type the tenant switched off raises nothing
    harness.alarms.setEnabled(1, 'cold-chain.hot', false);
    await harness.positions([at('00FF', 12)]);
    expect(harness.alarms.raised).toHaveLength(1);
    expect(harness.decode(1, 9, { fuel: 30 })).toEqual({ fuel: 30 });
  });

  it('answers settings with the manifest’s defaults or what the test saved, refusing bad values in Chinese', async () => {
    harness = await createPartHarness(part, { manifest, now: '2026-11-27T08:00:00Z' });
    expect((await harness.call('GET', '/plugins/cold-chain/api/now')).obj).toEqual({ now: '2026-11-27T08:00:00.000Z', settings: { maxTemp: 8 } });
    harness.settings.set(1, { maxTemp: 5 });
    harness.clock.advance(60_000);
    expect((await harness.call('GET', '/plugins/cold-chain/api/now')).obj).toEqual({ now: '2026-11-27T08:01:00.000Z', settings: { maxTemp: 5 } });
    expect(() => harness!.settings.set(1, { maxTemp: 99 })).toThrow(/设置值有误/);
    expect(() => harness!.settings.set(1, { nothing: 1 })).toThrow('没有名为 nothing 的设置项');
    expect(harness.settings.get(1)).toEqual({ maxTemp: 5 });
  });

  it('runs an export’s rows and keeps what it wrote', async () => {
    harness = await createPartHarness(part, { manifest, now: '2026-11-27T08:00:00Z' });
    await harness.call('POST', '/plugins/cold-chain/api/notes', { body: { text: '一' } });
    await harness.call('POST', '/plugins/cold-chain/api/notes', { body: { text: '二' } });
    expect(await harness.call('GET', '/plugins/cold-chain/api/export')).toEqual({ flag: 1, msg: '成功', obj: { id: 1, fileName: '冷链监控-备注-20261127.xlsx' } });
    const [done] = await harness.exports.settled();
    expect(done).toMatchObject({ status: '可下载', user: { id: 1, tenantId: 1 }, headers: ['编号', '备注'], rows: [[1, '一'], [2, '二']] });
  });

  it('refuses what the platform would not load, with the platform’s reasons', async () => {
    const foreign = defineServerPart({ name: 'cold-chain', routes: [{ method: 'GET', url: '/plugins/other/api/x', resource: 999, handler: () => 1 }] });
    await expect(createPartHarness(foreign, { manifest })).rejects.toThrow(/必须以插件自己的接口前缀 \/plugins\/cold-chain\/api\/ 开头.*权限资源 999 不是本插件 manifest\.json 的 menus 中声明的菜单或按钮编号/);
    await expect(createPartHarness(part, { manifest: { ...manifest, platformId: 'x' } })).rejects.toThrow('manifest.json 不符合平台的要求：platformId 必须是正整数');
    const badMigration = defineServerPart({ name: 'cold-chain', migrations: { '0001': { up: async (db) => void (await sql`select nope from nowhere`.execute(db)) } } });
    await expect(createPartHarness(badMigration, { manifest })).rejects.toThrow(/数据库迁移 0001 失败/);
  });
});
