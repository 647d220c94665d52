import type { PluginDeclaration } from '@tianlu/sdk';

/** 宠物守护 (platform 13): its identity, pages, menus and buttons, declared once. */
export const petDeclaration: PluginDeclaration = {
  platformId: 13,
  systemId: 'pet',
  title: '宠物守护',
  icon: 'AnimalDog',
  basePath: '/pet/',
  assetKinds: ['pet'],
  overviewMenuId: 1301,
  pages: [
    {
      path: '/pet/monitor', title: '宠物定位', menuId: 1302, icon: 'Location',
      // 寻宠 (立即定位, 响铃, 开关灯, 寻宠模式), 安全区域 and 宠物档案 come to roles that watch pets
      buttons: [{ id: 130201, name: '寻宠', sort: 4, grantedWith: 1302 }],
    },
    { path: '/pet/zones', title: '安全区域', menuId: 1303, icon: 'Shapes', grantedWith: 1302 },
    { path: '/pet/profiles', title: '宠物档案', menuId: 1304, icon: 'ContactCard', grantedWith: 1302 },
    { path: '/pet/walks', title: '遛狗记录', menuId: 1310, icon: 'History', sort: 3, grantedWith: 1302 },
  ],
};
