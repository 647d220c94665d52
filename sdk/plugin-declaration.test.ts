import { describe, expect, it } from 'vitest';
import { definePlugin } from './plugin';
import { declaredPlugin, menusOf, routesOf, type PluginDeclaration } from './plugin-declaration';

const page = async () => ({ default: () => null });

const hello: PluginDeclaration = {
  platformId: 90,
  systemId: 'hello',
  title: '示例插件',
  icon: 'Apps',
  basePath: '/hello/',
  groups: [{ id: 9002, title: '设置', icon: 'Settings' }],
  pages: [
    { path: '/hello/', title: '示例插件', redirect: '/hello/overview' },
    { path: '/hello/overview', title: '概览', menuId: 9001, icon: 'Board', main: true, buttons: [{ id: 900101, name: '刷新' }] },
    { path: '/hello/detail', title: '详情', grantedBy: 9001 },
    { path: '/hello/push', title: '推送设置', menuId: 900201, group: 9002 },
  ],
};

describe('a plugin from its declaration', () => {
  it('routes every declared page in order, a sub-page under the menu that grants it', () => {
    const routes = routesOf(hello, { '/hello/overview': page, '/hello/detail': page, '/hello/push': page });
    expect(routes.map(({ path, menuId, redirect, main }) => ({ path, menuId, redirect, main }))).toEqual([
      { path: '/hello/', menuId: undefined, redirect: '/hello/overview', main: undefined },
      { path: '/hello/overview', menuId: 9001, redirect: undefined, main: true },
      { path: '/hello/detail', menuId: 9001, redirect: undefined, main: undefined },
      { path: '/hello/push', menuId: 900201, redirect: undefined, main: undefined },
    ]);
    expect(routes.map((r) => r.load !== undefined)).toEqual([false, true, true, true]);
  });

  it('puts menu pages in the side nav, a group where its first page is', () => {
    expect(menusOf(hello)).toEqual([
      { id: 9001, title: '概览', path: '/hello/overview', icon: 'Board' },
      { id: 9002, title: '设置', icon: 'Settings', children: [{ id: 900201, title: '推送设置', path: '/hello/push' }] },
    ]);
  });

  it('refuses a page module for a path it does not declare, and a page without its module', () => {
    expect(() => routesOf(hello, { '/hello/overveiw': page })).toThrow('hello: no page declared for /hello/overveiw');
    expect(() => definePlugin(declaredPlugin(hello, { '/hello/overview': page }))).toThrow(/routes\[2\] needs load or redirect/);
  });

  it('refuses a page in a group it does not declare', () => {
    expect(() => menusOf({ ...hello, groups: [] })).toThrow('hello: /hello/push names the undeclared group 9002');
  });
});
