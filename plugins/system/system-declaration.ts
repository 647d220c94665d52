import type { PluginDeclaration } from '@tianlu/sdk';

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
    {
      path: '/system/person', title: '人员管理', menuId: 1241, icon: 'Person', grantedWith: 1240,
      buttons: [
        { id: 124101, name: '新增人员', grantedWith: 124001 },
        { id: 124102, name: '编辑人员', grantedWith: 124002 },
        { id: 124103, name: '删除人员', grantedWith: 124003 },
        { id: 124104, name: '绑定/解绑', grantedWith: 124004 },
        { id: 124105, name: '转移人员', grantedWith: 124005 },
        { id: 124106, name: '续费人员', grantedWith: 124006 },
        { id: 124107, name: '导入人员', grantedWith: 124007 },
        { id: 124108, name: '导出人员', grantedWith: 124008 },
      ],
    },
    {
      path: '/system/pet', title: '宠物管理', menuId: 1242, icon: 'AnimalDog', grantedWith: 1240,
      buttons: [
        { id: 124201, name: '新增宠物', grantedWith: 124001 },
        { id: 124202, name: '编辑宠物', grantedWith: 124002 },
        { id: 124203, name: '删除宠物', grantedWith: 124003 },
        { id: 124204, name: '绑定/解绑', grantedWith: 124004 },
        { id: 124205, name: '转移宠物', grantedWith: 124005 },
        { id: 124206, name: '续费宠物', grantedWith: 124006 },
        { id: 124207, name: '导入宠物', grantedWith: 124007 },
        { id: 124208, name: '导出宠物', grantedWith: 124008 },
      ],
    },
    {
      path: '/system/ebike', title: '电动车管理', menuId: 1243, icon: 'VehicleBicycle', grantedWith: 1240,
      buttons: [
        { id: 124301, name: '新增电动车', grantedWith: 124001 },
        { id: 124302, name: '编辑电动车', grantedWith: 124002 },
        { id: 124303, name: '删除电动车', grantedWith: 124003 },
        { id: 124304, name: '绑定/解绑', grantedWith: 124004 },
        { id: 124305, name: '转移电动车', grantedWith: 124005 },
        { id: 124306, name: '续费电动车', grantedWith: 124006 },
        { id: 124307, name: '导入电动车', grantedWith: 124007 },
        { id: 124308, name: '导出电动车', grantedWith: 124008 },
      ],
    },
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
