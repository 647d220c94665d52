import { definePlugin, type MenuContribution, type PluginRoute } from '@tianlu/sdk';

const routes: PluginRoute[] = [
  { path: '/system/overview', title: '概览', menuId: 1201, main: true, load: () => import('./pages/overview-page') },
  { path: '/system/customer', title: '客户管理', menuId: 1210, load: () => import('./pages/customer-page') },
  { path: '/system/user', title: '用户管理', menuId: 1220, load: () => import('./pages/user-page') },
  { path: '/system/role', title: '角色管理', menuId: 1230, load: () => import('./pages/role-page') },
  { path: '/system/vehicle', title: '车辆管理', menuId: 1240, load: () => import('./pages/vehicle-page') },
  { path: '/system/person', title: '人员管理', menuId: 1241, load: () => import('./pages/person-page') },
  { path: '/system/pet', title: '宠物管理', menuId: 1242, load: () => import('./pages/pet-page') },
  { path: '/system/ebike', title: '电动车管理', menuId: 1243, load: () => import('./pages/ebike-page') },
  { path: '/system/terminal', title: '终端管理', menuId: 1250, load: () => import('./pages/terminal-page') },
  { path: '/system/group', title: '车组管理', menuId: 1260, load: () => import('./pages/group-page') },
  { path: '/system/log', title: '操作日志', menuId: 1270, load: () => import('./pages/log-page') },
  { path: '/system/dictionary', title: '数据字典', menuId: 1280, load: () => import('./pages/dictionary-page') },
];

const menus: MenuContribution[] = [
  { id: 1201, title: '概览', path: '/system/overview', icon: 'Board' },
  { id: 1210, title: '客户管理', path: '/system/customer', icon: 'Building' },
  { id: 1220, title: '用户管理', path: '/system/user', icon: 'PeopleTeam' },
  { id: 1230, title: '角色管理', path: '/system/role', icon: 'Person' },
  { id: 1240, title: '车辆管理', path: '/system/vehicle', icon: 'VehicleCar' },
  { id: 1241, title: '人员管理', path: '/system/person', icon: 'Person' },
  { id: 1242, title: '宠物管理', path: '/system/pet', icon: 'AnimalDog' },
  { id: 1243, title: '电动车管理', path: '/system/ebike', icon: 'VehicleBicycle' },
  { id: 1250, title: '终端管理', path: '/system/terminal', icon: 'Phone' },
  { id: 1260, title: '车组管理', path: '/system/group', icon: 'Shapes' },
  { id: 1270, title: '操作日志', path: '/system/log', icon: 'History' },
  { id: 1280, title: '数据字典', path: '/system/dictionary', icon: 'Book' },
];

/** 系统管理 (platform 12). */
export default definePlugin({
  platformId: 12,
  systemId: 'system',
  title: '系统管理',
  icon: 'Settings',
  basePath: '/system/',
  routes,
  menus,
});
