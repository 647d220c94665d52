import type { PluginDeclaration } from '@tianlu/sdk';

/** 新国标 (platform 26): its identity, pages, menus and buttons, declared once. */
export const elecGbDeclaration: PluginDeclaration = {
  platformId: 26,
  systemId: 'elec-gb',
  title: '新国标',
  icon: 'ShieldCheckmark',
  basePath: '/elec-gb/',
  assetKinds: ['ebike'],
  pages: [
    { path: '/elec-gb/overview', title: '概览', menuId: 2601, icon: 'Board', main: true },
    {
      path: '/elec-gb/declare', title: '备案登记', menuId: 2610, icon: 'DocumentTable',
      buttons: [
        { id: 261001, name: '新增备案' },
        { id: 261002, name: '编辑备案' },
        { id: 261003, name: '删除备案' },
        { id: 261004, name: '导出备案' },
        { id: 261005, name: '打印标签' },
      ],
    },
    { path: '/elec-gb/labels', title: '打印标签', grantedBy: 2610 },
    {
      path: '/elec-gb/report', title: '合规报表', menuId: 2620, icon: 'DataArea',
      buttons: [{ id: 262001, name: '导出报表' }],
    },
  ],
};
