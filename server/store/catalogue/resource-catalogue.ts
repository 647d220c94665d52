import { CENTRE_PLATFORM_ID } from './platform-catalogue';

/** Resource types: 1 menu, 2 menu group, 3 button (the console treats every type but 3 as a menu). */
export const ResourceType = { MENU: 1, GROUP: 2, BUTTON: 3 } as const;

export interface ResourceEntry {
  id: number;
  parentId: number | null;
  name: string;
  type: number;
  path: string | null;
  icon: string | null;
  platformId: number;
  sort: number;
  /**
   * A resource added after roles existed: when it first appears, every role holding this older
   * resource is granted it too (a new page takes over part of what the older one covered).
   */
  grantedWith?: number;
}

type Spec = [id: number, name: string, path: string | null, extra?: { type?: number; parent?: number; icon?: string; grantedWith?: number }];

function platform(platformId: number, specs: Spec[]): ResourceEntry[] {
  return specs.map(([id, name, path, extra], index) => ({
    id,
    parentId: extra?.parent ?? null,
    name,
    type: extra?.type ?? ResourceType.MENU,
    path,
    icon: extra?.icon ?? null,
    platformId,
    sort: index + 1,
    ...(extra?.grantedWith !== undefined && { grantedWith: extra.grantedWith }),
  }));
}

const button = (parent: number) => ({ type: ResourceType.BUTTON, parent });

/**
 * 人员管理, 宠物管理 and 电动车管理: the page and its buttons, in 车辆管理's order (menu × 100 + 1 … 8).
 * Roles that held 车辆管理 and its buttons when these pages came get them as well.
 */
function kindPage(menu: number, noun: string, icon: string): Spec[] {
  const ops = ['新增', '编辑', '删除', '绑定/解绑', '转移', '续费', '导入', '导出'];
  return [
    [menu, `${noun}管理`, `/system/${({ 1241: 'person', 1242: 'pet', 1243: 'ebike' } as Record<number, string>)[menu]}`, { icon, grantedWith: 1240 }],
    ...ops.map((op, i): Spec => [menu * 100 + i + 1, op === '绑定/解绑' ? op : `${op}${noun}`, null, { ...button(menu), grantedWith: 124000 + i + 1 }]),
  ];
}
const under = (parent: number) => ({ parent });

/**
 * 电动车租赁: 租户管理, 合同管理, 收入概览 and 租赁设置 with their buttons (menu × 100 + 1 …).
 * Roles that held the platform's 概览 when these pages came get them as well.
 */
function leasePages(): Spec[] {
  const pages: [number, string, string, string, string[]][] = [
    [2302, '租户管理', 'renter', 'PeopleTeam', ['新增租户', '编辑租户', '删除租户', '导出租户']],
    [2303, '合同管理', 'contract', 'DocumentTable', ['签订合同', '续租', '还车', '终止合同', '收款', '导出合同']],
    [2304, '收入概览', 'income', 'DataArea', ['导出收入']],
    [2305, '租赁设置', 'settings', 'Settings', ['保存设置', '维修标记']],
  ];
  return [
    [2301, '概览', '/elec-lease/overview', { icon: 'Home' }],
    ...pages.flatMap(([menu, name, path, icon, ops]): Spec[] => [
      [menu, name, `/elec-lease/${path}`, { icon, grantedWith: 2301 }],
      ...ops.map((op, i): Spec => [menu * 100 + i + 1, op, null, { ...button(menu), grantedWith: 2301 }]),
    ]),
  ];
}

/**
 * Centre pages every role has: the user's own messages, security settings and downloads. The
 * centre's settings (4003 告警设置 推送设置 健康设置) change the whole tenant and are granted per role.
 */
export const EVERY_ROLE_RESOURCES: readonly number[] = [4002, 4001, 1601];

/** The fixed catalogue of menu and button ids (docs/api-contract.md). Upserted at every start. */
export const RESOURCE_CATALOGUE: readonly ResourceEntry[] = [
  ...platform(CENTRE_PLATFORM_ID, [
    [4002, '站内消息', '/center/notice', { icon: 'Mail' }],
    [4001, '安全中心', '/center/security', { icon: 'ShieldLock' }],
    [1601, '下载中心', '/center/download', { icon: 'ArrowDownload' }],
    [4003, '设置', null, { type: ResourceType.GROUP, icon: 'Settings' }],
    [400301, '告警设置', '/center/alarmSetting', under(4003)],
    [400302, '推送设置', '/center/alarmPush', under(4003)],
    [400303, '健康设置', '/center/health', under(4003)],
    [400304, '地图设置', '/center/mapSetting', { ...under(4003), grantedWith: 400301 }],
  ]),
  ...platform(8, [
    [8001, '概览', '/car/overview', { icon: 'Home' }],
    [8100, '实时监控', '/car/monitor', { icon: 'Location' }],
    [8200, '轨迹回放', '/car/playback', { icon: 'Route' }],
    [8300, '告警中心', '/car/alarm', { icon: 'Alert' }],
    [8400, '指令下发', '/car/command', { icon: 'Send' }],
    [840001, '下发指令', null, button(8400)],
    [840002, '危险指令', null, button(8400)],
    [8500, '电子围栏', '/car/fence', { icon: 'ShapeOrganic' }],
  ]),
  ...platform(11, [
    [1101, '概览', '/card/overview', { icon: 'Home' }],
    [1102, '人员监控', '/card/monitor', { icon: 'Location' }],
    [1103, '考勤管理', '/card/attendance', { icon: 'PeopleTeam', grantedWith: 1102 }],
    [1104, '考勤报表', '/card/attendance-report', { icon: 'DocumentTable', grantedWith: 1102 }],
    [110401, '导出考勤', null, { ...button(1104), grantedWith: 1102 }],
    [1105, '健康', '/card/health', { icon: 'HeartPulse', grantedWith: 1102 }],
    [1106, '健康报表', '/card/health-report', { icon: 'DataArea', grantedWith: 1102 }],
    [1107, '轨迹回放', '/card/track', { icon: 'History', grantedWith: 1102 }],
  ]),
  ...platform(12, [
    [1201, '概览', '/system/overview', { icon: 'Home' }],
    [1210, '客户管理', '/system/customer', { icon: 'Building' }],
    [121001, '新增客户', null, button(1210)],
    [121002, '编辑客户', null, button(1210)],
    [121003, '删除客户', null, button(1210)],
    [121004, '导出客户', null, button(1210)],
    [1220, '用户管理', '/system/user', { icon: 'People' }],
    [122001, '新增用户', null, button(1220)],
    [122002, '编辑用户', null, button(1220)],
    [122003, '停用启用', null, button(1220)],
    [122004, '重置密码', null, button(1220)],
    [122005, '删除用户', null, button(1220)],
    [122006, '导出用户', null, button(1220)],
    [1230, '角色管理', '/system/role', { icon: 'PersonKey' }],
    [123001, '新增角色', null, button(1230)],
    [123002, '编辑角色', null, button(1230)],
    [123003, '删除角色', null, button(1230)],
    [123004, '导出角色', null, button(1230)],
    [1240, '车辆管理', '/system/vehicle', { icon: 'VehicleCar' }],
    [124001, '新增车辆', null, button(1240)],
    [124002, '编辑车辆', null, button(1240)],
    [124003, '删除车辆', null, button(1240)],
    [124004, '绑定/解绑', null, button(1240)],
    [124005, '转移车辆', null, button(1240)],
    [124006, '车辆续费', null, button(1240)],
    [124007, '导入车辆', null, button(1240)],
    [124008, '导出车辆', null, button(1240)],
    ...kindPage(1241, '人员', 'Person'),
    ...kindPage(1242, '宠物', 'AnimalDog'),
    ...kindPage(1243, '电动车', 'VehicleBicycle'),
    [1250, '终端管理', '/system/terminal', { icon: 'Router' }],
    [125001, '新增终端', null, button(1250)],
    [125002, '编辑终端', null, button(1250)],
    [125003, '删除终端', null, button(1250)],
    [125004, '绑定/解绑', null, button(1250)],
    [125005, '转移终端', null, button(1250)],
    [125006, '终端续费', null, button(1250)],
    [125007, '导入终端', null, button(1250)],
    [125008, '导出终端', null, button(1250)],
    [1260, '车组管理', '/system/group', { icon: 'Group' }],
    [126001, '新增车组', null, button(1260)],
    [126002, '重命名车组', null, button(1260)],
    [126003, '删除车组', null, button(1260)],
    [126004, '移动车组', null, button(1260)],
    [126005, '分配车辆', null, button(1260)],
    [1270, '操作日志', '/system/log', { icon: 'History' }],
    [127001, '导出日志', null, button(1270)],
    [1280, '数据字典', '/system/dictionary', { icon: 'Book' }],
    [128001, '新增字典', null, button(1280)],
    [128002, '编辑字典', null, button(1280)],
    [128003, '删除字典', null, button(1280)],
    [128004, '导出字典', null, button(1280)],
  ]),
  ...platform(13, [
    [1301, '概览', '/pet/overview', { icon: 'Home' }], [1302, '宠物定位', '/pet/monitor', { icon: 'Location' }],
    [1310, '遛狗记录', '/pet/walks', { icon: 'History', grantedWith: 1302 }],
    // 寻宠 (立即定位, 响铃, 开关灯, 寻宠模式), 安全区域 and 宠物档案 come to roles that watch pets
    [130201, '寻宠', null, { ...button(1302), grantedWith: 1302 }],
    [1303, '安全区域', '/pet/zones', { icon: 'Shapes', grantedWith: 1302 }],
    [1304, '宠物档案', '/pet/profiles', { icon: 'ContactCard', grantedWith: 1302 }],
  ]),
  ...platform(17, [
    [1701, '概览', '/dataCenter/overview', { icon: 'Home' }],
    [1702, '数据看板', '/dataCenter/dashboard', { icon: 'DataArea', grantedWith: 1701 }],
    [1703, '数据大屏', '/dataCenter/screen', { icon: 'Board', grantedWith: 1701 }],
  ]),
  ...platform(18, [
    [1801, '概览', '/elec-car/overview', { icon: 'Home' }], [1802, '电动车监控', '/elec-car/monitor', { icon: 'Location' }],
    [1810, '骑行记录', '/elec-car/rides', { icon: 'History', grantedWith: 1802 }],
    [1811, '电池曲线', '/elec-car/battery', { icon: 'Battery', grantedWith: 1802 }],
    // 防盗设置 (震动灵敏度, 告警间隔) of an e-bike: for roles that may edit e-bikes (编辑电动车)
    [180201, '防盗设置', null, { ...button(1802), grantedWith: 124302 }],
  ]),
  ...platform(20, [
    [2001, '概览', '/data-report/overview', { icon: 'Home' }],
    [2010, '里程报表', '/data-report/dataReport/mileageReport', { icon: 'DocumentTable' }],
    [2020, '告警明细', '/data-report/dataReport/alarmInfo', { icon: 'Alert' }],
    [2030, '车辆日在线', '/data-report/dataReport/carDayOnline', { icon: 'CalendarClock' }],
    [2040, '行程报表', '/data-report/dataReport/tripReport', { icon: 'VehicleCar', grantedWith: 2010 }],
    [2050, '停车报表', '/data-report/dataReport/stopReport', { icon: 'Location', grantedWith: 2010 }],
    [2060, '超速报表', '/data-report/dataReport/overspeedReport', { icon: 'Alert', grantedWith: 2010 }],
    [2070, '里程汇总', '/data-report/dataReport/mileageSummary', { icon: 'DataArea', grantedWith: 2010 }],
    [2080, '油耗报表', '/data-report/dataReport/fuelReport', { icon: 'DocumentTable', grantedWith: 2010 }],
    [2090, '离线报表', '/data-report/dataReport/offlineReport', { icon: 'History', grantedWith: 2030 }],
  ]),
  ...platform(23, leasePages()),
  ...platform(26, [
    [2601, '概览', '/elec-gb/overview', { icon: 'Home' }],
    [2610, '备案登记', '/elec-gb/declare', { icon: 'DocumentTable' }],
    [261001, '新增备案', null, button(2610)],
    [261002, '编辑备案', null, button(2610)],
    [261003, '删除备案', null, button(2610)],
    [261004, '导出备案', null, button(2610)],
    [261005, '打印标签', null, button(2610)],
    [2620, '合规报表', '/elec-gb/report', { icon: 'DataArea' }],
    [262001, '导出报表', null, button(2620)],
  ]),
];
