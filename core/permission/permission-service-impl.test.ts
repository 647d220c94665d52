import { describe, expect, it, vi } from 'vitest';
import { autorun } from 'mobx';
import { PermissionService, type PermissionService as PermissionServiceType, type ResourceItem } from '@tianlu/sdk';
import { createTestKernel, flag, ok } from '../test/fake-server';

const TREE: ResourceItem[] = [
  {
    id: 0,
    name: 'root',
    type: 0,
    children: [
      { id: 8100, name: '实时监控', type: 1, path: '/car/monitor' },
      { id: 8400, name: '指令下发', type: 1, children: [{ id: 840001, name: '下发指令', type: 3 }] },
    ],
  },
  { id: 4002, name: '站内消息', type: 1 },
];

function setup() {
  const k = createTestKernel();
  return { ...k, perms: k.get<PermissionServiceType>(PermissionService) };
}

describe('PermissionServiceImpl', () => {
  it('asks newList.json with version=v4 and from=carWeb4 and splits menus and buttons (id 0 is no grant)', async () => {
    const { perms, server } = setup();
    server.on('GET', '/car/v1/api/resource/newList.json', ok(TREE));
    await expect(perms.load()).resolves.toBe('ok');
    const q = server.requests[0]!.query;
    expect([q.get('version'), q.get('from')]).toEqual(['v4', 'carWeb4']);
    expect([...perms.menuMap.keys()].sort()).toEqual([4002, 8100, 8400]);
    expect([...perms.buttonMap.keys()]).toEqual([840001]);
    expect(perms.hasMenu(0)).toBe(false);
    expect(perms.hasButton(840001)).toBe(true);
    expect(perms.hasMenu(840001)).toBe(false);
    expect(perms.menuTree).toEqual(TREE);
    expect(perms.loaded).toBe(true);
  });

  it('loads once: concurrent and later calls share one request', async () => {
    const { perms, server } = setup();
    server.on('GET', '/car/v1/api/resource/newList.json', ok(TREE));
    const [a, b] = await Promise.all([perms.load(), perms.load()]);
    await perms.load();
    expect([a, b]).toEqual(['ok', 'ok']);
    expect(server.requests).toHaveLength(1);
  });

  it("returns 'empty' when the user has no menu (buttons alone do not count)", async () => {
    const { perms, server } = setup();
    server.on('GET', '/car/v1/api/resource/newList.json', ok([{ id: 0, name: 'root', type: 0, children: [{ id: 5, name: 'b', type: 3 }] }]));
    await expect(perms.load()).resolves.toBe('empty');
  });

  it('rejects on flag 404 and on a network failure, and may be retried', async () => {
    const { perms, server } = setup();
    server.on('GET', '/car/v1/api/resource/newList.json', flag(404, '资源不存在'));
    await expect(perms.load()).rejects.toMatchObject({ flag: 404, message: '资源不存在' });
    expect(perms.loaded).toBe(false);
    server.on('GET', '/car/v1/api/resource/newList.json', { error: 'network' });
    await expect(perms.load()).rejects.toMatchObject({ message: '网络异常' });
    server.on('GET', '/car/v1/api/resource/newList.json', ok(TREE));
    await expect(perms.load()).resolves.toBe('ok');
  });

  it('hasMenu is observable and reset clears everything', async () => {
    const { perms, server } = setup();
    server.on('GET', '/car/v1/api/resource/newList.json', ok(TREE));
    const seen: boolean[] = [];
    const stop = autorun(() => seen.push(perms.hasMenu(8100)));
    await perms.load();
    perms.reset();
    stop();
    expect(seen).toEqual([false, true, false]);
    expect(perms.loaded).toBe(false);
    expect(perms.buttonMap.size).toBe(0);
  });

  it('drops an answer that arrives after reset', async () => {
    const { perms, server } = setup();
    let release!: () => void;
    server.on('GET', '/car/v1/api/resource/newList.json', () => new Promise((r) => (release = () => r(ok(TREE)))));
    const first = perms.load();
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    perms.reset();
    release();
    await expect(first).rejects.toThrow();
    expect(perms.hasMenu(8100)).toBe(false);
  });
});
