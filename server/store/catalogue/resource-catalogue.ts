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
}

type Spec = [id: number, name: string, path: string | null, extra?: { type?: number; parent?: number; icon?: string }];

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
  }));
}

const button = (parent: number) => ({ type: ResourceType.BUTTON, parent });
const under = (parent: number) => ({ parent });

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
  ...platform(11, [[1101, '概览', '/card/overview', { icon: 'Home' }]]),
  ...platform(12, [
    [1201, '概览', '/system/overview', { icon: 'Home' }],
    [1210, '客户管理', '/system/customer', { icon: 'Building' }],
    [1220, '用户管理', '/system/user', { icon: 'People' }],
    [1230, '角色管理', '/system/role', { icon: 'PersonKey' }],
    [1240, '车辆管理', '/system/vehicle', { icon: 'VehicleCar' }],
    [1250, '终端管理', '/system/terminal', { icon: 'Router' }],
    [1260, '车组管理', '/system/group', { icon: 'Group' }],
    [1270, '操作日志', '/system/log', { icon: 'History' }],
    [1280, '数据字典', '/system/dictionary', { icon: 'Book' }],
  ]),
  ...platform(13, [[1301, '概览', '/pet/overview', { icon: 'Home' }]]),
  ...platform(17, [[1701, '概览', '/dataCenter/overview', { icon: 'Home' }]]),
  ...platform(18, [[1801, '概览', '/elec-car/overview', { icon: 'Home' }]]),
  ...platform(20, [
    [2001, '概览', '/data-report/overview', { icon: 'Home' }],
    [2010, '里程报表', '/data-report/dataReport/mileageReport', { icon: 'DocumentTable' }],
    [2020, '告警明细', '/data-report/dataReport/alarmInfo', { icon: 'Alert' }],
    [2030, '车辆日在线', '/data-report/dataReport/carDayOnline', { icon: 'CalendarClock' }],
  ]),
  ...platform(23, [[2301, '概览', '/elec-lease/overview', { icon: 'Home' }]]),
  ...platform(26, [[2601, '概览', '/elec-gb/overview', { icon: 'Home' }]]),
];
