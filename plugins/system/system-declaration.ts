import type { MenuPageDeclaration, PluginDeclaration } from '@tianlu/sdk';

/** An asset kind's management page: 车辆管理's eight buttons (menu × 100 + 1 … 8) in the kind's noun, granted with 车辆管理's. */
function kindPage(path: string, noun: string, menuId: number, icon: string): MenuPageDeclaration {
  const ops = ['新增', '编辑', '删除', '绑定/解绑', '转移', '续费', '导入', '导出'];
  return {
    path, title: `${noun}管理`, menuId, icon, grantedWith: 1240,
    buttons: ops.map((op, i) => ({ id: menuId * 100 + i + 1, name: op === '绑定/解绑' ? op : `${op}${noun}`, grantedWith: 124001 + i })),
  };
}

/** 系统管理 (platform 12): its identity, pages, menus and buttons, declared once. */
export const systemDeclaration: PluginDeclaration = {
  platformId: 12,
  systemId: 'system',
  title: '系统管理',
  icon: 'Settings',
  basePath: '/system/',
  overviewMenuId: 1201,
  pages: [
    { path: '/system/customer', title: '客户管理', menuId: 1210, icon: 'Building', buttons: ['新增客户', '编辑客户', '删除客户', '导出客户'] },
    {
      path: '/system/user', title: '用户管理', menuId: 1220, icon: 'PeopleTeam',
      buttons: ['新增用户', '编辑用户', '停用启用', '重置密码', '删除用户', '导出用户'],
    },
    { path: '/system/role', title: '角色管理', menuId: 1230, icon: 'Person', buttons: ['新增角色', '编辑角色', '删除角色', '导出角色'] },
    {
      path: '/system/vehicle', title: '车辆管理', menuId: 1240, icon: 'VehicleCar',
      buttons: ['新增车辆', '编辑车辆', '删除车辆', '绑定/解绑', '转移车辆', '车辆续费', '导入车辆', '导出车辆'],
    },
    // 人员管理, 宠物管理 and 电动车管理: 车辆管理's buttons in its order; roles that held 车辆管理 and its buttons get them
    kindPage('/system/person', '人员', 1241, 'Person'),
    kindPage('/system/pet', '宠物', 1242, 'AnimalDog'),
    kindPage('/system/ebike', '电动车', 1243, 'VehicleBicycle'),
    {
      path: '/system/terminal', title: '终端管理', menuId: 1250, icon: 'Phone',
      buttons: ['新增终端', '编辑终端', '删除终端', '绑定/解绑', '转移终端', '终端续费', '导入终端', '导出终端'],
    },
    {
      path: '/system/group', title: '车组管理', menuId: 1260, icon: 'Shapes',
      buttons: ['新增车组', '重命名车组', '删除车组', '移动车组', '分配车辆'],
    },
    { path: '/system/log', title: '操作日志', menuId: 1270, icon: 'History', buttons: ['导出日志'] },
    { path: '/system/dictionary', title: '数据字典', menuId: 1280, icon: 'Book', buttons: ['新增字典', '编辑字典', '删除字典', '导出字典'] },
  ],
};
