import { describe, expect, it } from 'vitest';
import { definePlugin } from './plugin';
import { declaredMenuPage, declaredPlugin, menusOf, pagesOf, routesOf, type PluginDeclaration } from './plugin-declaration';

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

  describe('written short', () => {
    const shop: PluginDeclaration = {
      platformId: 91,
      systemId: 'shop',
      title: '门店',
      icon: 'Apps',
      basePath: '/shop/',
      overviewMenuId: 9101,
      pages: [
        { path: '/shop/list', title: '门店管理', menuId: 9110, icon: 'Building', buttons: ['新增门店', '导出门店'] },
        { path: '/shop/later', title: '后加页', menuId: 9120, grantedWith: 9110, buttons: ['导出', '打印'] },
        { path: '/shop/extra', title: '补充页', menuId: 9130, buttons: [{ id: 913001, name: '刷新', sort: 2, grantedWith: 9110 }] },
      ],
    };

    it('opens on its 概览 under the base path, on the main layout', () => {
      expect(pagesOf(shop)[0]).toEqual({ path: '/shop/overview', title: '概览', menuId: 9101, icon: 'Board', main: true, buttons: [] });
      expect(routesOf(shop, {})[0]).toEqual({ path: '/shop/overview', title: '概览', menuId: 9101, main: true });
      expect(menusOf(shop)[0]).toEqual({ id: 9101, title: '概览', path: '/shop/overview', icon: 'Board' });
    });

    it('numbers buttons given by name after the menu, granted with what grants their page', () => {
      expect(declaredMenuPage(shop, '/shop/list').buttons).toEqual([
        { id: 911001, name: '新增门店' },
        { id: 911002, name: '导出门店' },
      ]);
      expect(declaredMenuPage(shop, '/shop/later').buttons).toEqual([
        { id: 912001, name: '导出', grantedWith: 9110 },
        { id: 912002, name: '打印', grantedWith: 9110 },
      ]);
      expect(declaredMenuPage(shop, '/shop/extra').buttons).toEqual([{ id: 913001, name: '刷新', sort: 2, grantedWith: 9110 }]);
    });

    it('refuses to look up a menu page it does not declare', () => {
      expect(() => declaredMenuPage(shop, '/shop/missing')).toThrow('shop declares no menu page /shop/missing');
    });
  });
});
