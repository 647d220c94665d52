import { describe, expect, it } from 'vitest';
import { PartRouteTable } from './part-route-table';
import { readServerPart } from './server-part-shape';

const owner = { systemId: 'cold-chain', resourceIds: new Set([9201, 920101]) };
const handler = async () => null;
const route = (extra: Record<string, unknown> = {}) => ({ method: 'GET', url: '/plugins/cold-chain/api/list.json', handler, ...extra });
const errorsOf = (def: unknown) => {
  const read = readServerPart(def, owner);
  return 'errors' in read ? read.errors : [];
};

describe('the shape of a server part', () => {
  it('accepts a defineServerModule result and a plain object, routes in areas or bare', () => {
    const asModule = readServerPart({ kind: 'tianlu-server-module', name: 'cold-chain', routes: [{ name: 'a', routes: [route({ resource: 920101 })] }] }, owner);
    expect('part' in asModule && asModule.part.routes.map((r) => [r.methods, r.url, r.auth, r.resource])).toEqual([[['GET'], '/plugins/cold-chain/api/list.json', 'session', 920101]]);
    const plain = readServerPart({ name: 'cold-chain', routes: [route({ method: ['get', 'post'] })] }, owner);
    expect('part' in plain && plain.part.routes[0]!.methods).toEqual(['GET', 'POST']);
  });

  it('names every problem in Chinese at once', () => {
    expect(errorsOf('nope')).toEqual(['服务端入口必须默认导出一个对象（defineServerModule(...) 的结果）']);
    expect(errorsOf({ name: 'other', kind: 'plugin' })).toEqual(['kind 必须是 tianlu-server-module，实际是 plugin', 'name（other）必须与插件的 systemId（cold-chain）相同']);
    const errors = errorsOf({
      name: 'cold-chain',
      routes: [
        route({ url: '/plugins/other/api/x.json' }),
        route({ auth: 'public' }),
        route({ resource: 8100 }),
        route({ method: 'FETCH', handler: 'x' }),
        route({ url: '/plugins/cold-chain/api/../x' }),
        route(),
        route(),
      ],
      migrations: { '0001': {} },
      jobs: [{ name: 'x' }],
    });
    expect(errors).toEqual([
      'routes[0].url（/plugins/other/api/x.json）必须以插件自己的接口前缀 /plugins/cold-chain/api/ 开头',
      'routes[1] 不能是公开接口：已安装插件的接口都要求登录并授权插件的平台',
      'routes[2] 的权限资源 8100 不是本插件 manifest.json 的 menus 中声明的菜单或按钮编号',
      'routes[3].method 必须是 GET、POST、PUT、PATCH、DELETE 之一（或它们的列表）',
      'routes[3].handler 必须是函数',
      'routes[4].url（/plugins/cold-chain/api/../x）不是有效的接口路径',
      '接口 GET /plugins/cold-chain/api/list.json 重复声明',
      'migrations 必须是 { 名称: { up, down? } } 形式的对象',
      'jobs 必须是 { name, start } 的列表',
    ]);
  });

  it('leaves aside, by name, what only built-in modules may declare', () => {
    const read = readServerPart({ name: 'cold-chain', alarmTypes: [], seedDemo: async () => {} }, owner);
    expect('part' in read && read.part.ignored).toEqual(['alarmTypes（已安装插件不能向告警目录添加告警类型）', 'seedDemo（演示数据只属于内置子应用）']);
  });

  it('takes encoders only of the command types its plugin contributes', () => {
    const mine = { ...owner, commandTypes: new Set(['coldChain.setLimit']) };
    const encode = () => ({ kind: 'text', text: 'x' });
    const read = readServerPart({ name: 'cold-chain', commands: { 'coldChain.setLimit': encode } }, mine);
    expect('part' in read && Object.keys(read.part.commands)).toEqual(['coldChain.setLimit']);
    const bad = readServerPart({ name: 'cold-chain', commands: { 'coldChain.setLimit': 'x', locate: encode } }, mine);
    expect('errors' in bad && bad.errors).toEqual([
      'commands.coldChain.setLimit 必须是函数',
      'commands.locate 不是本插件 manifest.json 的 contributes.commandTypes 中声明的指令类型',
    ]);
  });
});

describe('the route table of a server part', () => {
  const read = readServerPart({
    name: 'cold-chain',
    routes: [
      route({ url: '/plugins/cold-chain/api/readings/:id' }),
      route({ url: '/plugins/cold-chain/api/readings/latest' }),
      route({ url: '/plugins/cold-chain/api/files/*' }),
      route({ method: 'POST', url: '/plugins/cold-chain/api/readings/add.json', schema: { body: { type: 'object', required: ['celsius'], properties: { celsius: { type: 'number', title: '温度' } } } } }),
    ],
  }, owner);
  const table = new PartRouteTable('part' in read ? read.part.routes : []);

  it('matches parameters, prefers literal segments, takes the rest with *, and HEAD as GET', () => {
    expect(table.match('GET', '/plugins/cold-chain/api/readings/42')?.params).toEqual({ id: '42' });
    expect(table.match('GET', '/plugins/cold-chain/api/readings/latest')?.entry.route.url).toBe('/plugins/cold-chain/api/readings/latest');
    expect(table.match('GET', '/plugins/cold-chain/api/files/a/b%20c.txt')?.params).toEqual({ '*': 'a/b c.txt' });
    expect(table.match('HEAD', '/plugins/cold-chain/api/readings/42')?.params).toEqual({ id: '42' });
    expect(table.match('DELETE', '/plugins/cold-chain/api/readings/42')).toBeUndefined();
    expect(table.match('GET', '/plugins/cold-chain/api/readings/42/more')).toBeUndefined();
    expect(table.match('GET', '/plugins/cold-chain/api/readings/%E0%A4%A')).toBeUndefined();
  });

  it('checks a body against its schema as the platform’s routes do', () => {
    const check = table.match('POST', '/plugins/cold-chain/api/readings/add.json')!.entry.body!;
    const body = { celsius: '4.5' };
    expect(check(body)).toBe(true);
    expect(body.celsius).toBe(4.5);
    expect(check({})).toBe(false);
  });

  it('refuses a schema Ajv cannot compile, naming the route', () => {
    const bad = readServerPart({ name: 'cold-chain', routes: [route({ schema: { querystring: { type: 'nonsense' } } })] }, owner);
    expect(() => new PartRouteTable('part' in bad ? bad.part.routes : [])).toThrow('接口 /plugins/cold-chain/api/list.json 的 schema 无效');
  });
  it('takes subscriptions and reading decoders keyed by the plugin’s own systemId, and refuses others in Chinese', () => {
    const positions = () => undefined;
    const t1 = () => 1;
    const read = readServerPart({ name: 'cold-chain', subscriptions: { positions }, readings: { 'cold-chain.t1': t1 } }, owner);
    expect('part' in read && read.part.data).toEqual({ subscriptions: { positions }, readings: { 'cold-chain.t1': t1 } });
    expect(errorsOf({ name: 'cold-chain', subscriptions: { commands: positions, alarms: 'x' }, readings: { t1, 'fuel': t1, 'cold-chain.': t1, 'cold-chain.t2': 3 } })).toEqual([
      'subscriptions.commands 不是可订阅的数据（只能订阅 positions 和 alarms）',
      'subscriptions.alarms 必须是函数',
      'readings 的读数键 t1 必须以插件的 systemId 加点开头（如 cold-chain.t1），避免与平台或其他插件的读数重名',
      'readings 的读数键 fuel 必须以插件的 systemId 加点开头（如 cold-chain.t1），避免与平台或其他插件的读数重名',
      'readings 的读数键 cold-chain. 必须以插件的 systemId 加点开头（如 cold-chain.t1），避免与平台或其他插件的读数重名',
      'readings.cold-chain.t2 必须是函数',
    ]);
    expect(errorsOf({ name: 'cold-chain', subscriptions: [], readings: 'x' })).toEqual([
      'subscriptions 必须是 { positions?, alarms? } 形式的对象',
      'readings 必须是 { 读数键: 解码函数 } 形式的对象',
    ]);
  });
});
