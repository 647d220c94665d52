import type { PluginDeclaration } from '@tianlu/sdk';

/** 新国标 (platform 26): its identity, pages, menus and buttons, declared once. */
export const elecGbDeclaration: PluginDeclaration = {
  platformId: 26,
  systemId: 'elec-gb',
  title: '新国标',
  icon: 'ShieldCheckmark',
  basePath: '/elec-gb/',
  assetKinds: ['ebike'],
  overviewMenuId: 2601,
  pages: [
    {
      path: '/elec-gb/declare', title: '备案登记', menuId: 2610, icon: 'DocumentTable',
      buttons: ['新增备案', '编辑备案', '删除备案', '导出备案', '打印标签'],
    },
    { path: '/elec-gb/labels', title: '打印标签', grantedBy: 2610 },
    { path: '/elec-gb/report', title: '合规报表', menuId: 2620, icon: 'DataArea', buttons: ['导出报表'] },
  ],
};
