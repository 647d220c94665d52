import type { CommandTypeContribution, PluginDeclaration } from '@tianlu/sdk';

/**
 * 调度信息: a dispatch shown on the vehicle terminal's screen and read out (0x8300 文本信息下发),
 * contributed to 指令下发 like any plugin's command type.
 */
export const DISPATCH_COMMAND = {
  code: 'car.dispatch',
  title: '调度信息',
  params: [
    { key: 'content', title: '调度内容', kind: 'text', required: true, maxLength: 100 },
    { key: 'minutes', title: '到达时限', kind: 'number', required: true, min: 1, max: 1440, unit: '分钟' },
  ],
  assetKinds: ['vehicle'],
  carrier: { kind: 'text', template: '【调度】{content}，请于 {minutes} 分钟内到达' },
} as const satisfies CommandTypeContribution;

/** 智能车联 (platform 8): its identity, pages, menus and buttons, declared once. */
export const carDeclaration: PluginDeclaration = {
  platformId: 8,
  systemId: 'car',
  title: '智能车联',
  icon: 'VehicleCar',
  basePath: '/car/',
  assetKinds: ['vehicle'],
  overviewMenuId: 8001,
  pages: [
    { path: '/car/monitor', title: '实时监控', menuId: 8100, icon: 'Location', main: true },
    { path: '/car/playback', title: '轨迹回放', menuId: 8200, icon: 'History', main: true },
    { path: '/car/alarm', title: '告警中心', menuId: 8300, icon: 'Alert', main: true },
    { path: '/car/command', title: '指令下发', menuId: 8400, icon: 'Send', main: true, buttons: ['下发指令', '危险指令'] },
    { path: '/car/fence', title: '电子围栏', menuId: 8500, icon: 'Shapes', main: true },
  ],
  contributes: {
    // the JT/T 808 fuel item (0x02) as a column of every vehicle monitor and a line of the vehicle card
    monitorColumns: [{ id: 'fuel', title: '油量', reading: 'fuel', unit: 'L', digits: 1, assetKinds: ['vehicle'] }],
    commandTypes: [DISPATCH_COMMAND],
  },
};
