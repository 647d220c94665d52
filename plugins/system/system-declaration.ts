import type { PluginDeclaration } from '@tianlu/sdk';

type PageDeclaration = PluginDeclaration['pages'][number];

/** An asset kind's management page: 车辆管理's eight buttons (menu × 100 + 1 … 8) in the kind's noun, granted with 车辆管理's. */
function kindPage(path: string, noun: string, menuId: number, icon: string): PageDeclaration {
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
  pages: [
    { path: '/system/overview', title: '概览', menuId: 1201, icon: 'Board', main: true },
    {
      path: '/system/customer', title: '客户管理', menuId: 1210, icon: 'Building',
      buttons: [
        { id: 121001, name: '新增客户' },
        { id: 121002, name: '编辑客户' },
        { id: 121003, name: '删除客户' },
        { id: 121004, name: '导出客户' },
      ],
    },
    {
      path: '/system/user', title: '用户管理', menuId: 1220, icon: 'PeopleTeam',
      buttons: [
        { id: 122001, name: '新增用户' },
        { id: 122002, name: '编辑用户' },
        { id: 122003, name: '停用启用' },
        { id: 122004, name: '重置密码' },
        { id: 122005, name: '删除用户' },
        { id: 122006, name: '导出用户' },
      ],
    },
    {
      path: '/system/role', title: '角色管理', menuId: 1230, icon: 'Person',
      buttons: [
        { id: 123001, name: '新增角色' },
        { id: 123002, name: '编辑角色' },
        { id: 123003, name: '删除角色' },
        { id: 123004, name: '导出角色' },
      ],
    },
    {
      path: '/system/vehicle', title: '车辆管理', menuId: 1240, icon: 'VehicleCar',
      buttons: [
        { id: 124001, name: '新增车辆' },
        { id: 124002, name: '编辑车辆' },
        { id: 124003, name: '删除车辆' },
        { id: 124004, name: '绑定/解绑' },
        { id: 124005, name: '转移车辆' },
        { id: 124006, name: '车辆续费' },
        { id: 124007, name: '导入车辆' },
        { id: 124008, name: '导出车辆' },
      ],
    },
    // 人员管理, 宠物管理 and 电动车管理: 车辆管理's buttons in its order; roles that held 车辆管理 and its buttons get them
    kindPage('/system/person', '人员', 1241, 'Person'),
    kindPage('/system/pet', '宠物', 1242, 'AnimalDog'),
    kindPage('/system/ebike', '电动车', 1243, 'VehicleBicycle'),
    {
      path: '/system/terminal', title: '终端管理', menuId: 1250, icon: 'Phone',
      buttons: [
        { id: 125001, name: '新增终端' },
        { id: 125002, name: '编辑终端' },
        { id: 125003, name: '删除终端' },
        { id: 125004, name: '绑定/解绑' },
        { id: 125005, name: '转移终端' },
        { id: 125006, name: '终端续费' },
        { id: 125007, name: '导入终端' },
        { id: 125008, name: '导出终端' },
      ],
    },
    {
      path: '/system/group', title: '车组管理', menuId: 1260, icon: 'Shapes',
      buttons: [
        { id: 126001, name: '新增车组' },
        { id: 126002, name: '重命名车组' },
        { id: 126003, name: '删除车组' },
        { id: 126004, name: '移动车组' },
        { id: 126005, name: '分配车辆' },
      ],
    },
    {
      path: '/system/log', title: '操作日志', menuId: 1270, icon: 'History',
      buttons: [{ id: 127001, name: '导出日志' }],
    },
    {
      path: '/system/dictionary', title: '数据字典', menuId: 1280, icon: 'Book',
      buttons: [
        { id: 128001, name: '新增字典' },
        { id: 128002, name: '编辑字典' },
        { id: 128003, name: '删除字典' },
        { id: 128004, name: '导出字典' },
      ],
    },
  ],
};
