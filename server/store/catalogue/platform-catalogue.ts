/** The sub-applications a role can be granted (the spec's table). The centre (platformId 0) is not one: every role has it. */
export interface PlatformEntry {
  platformId: number;
  systemId: string;
  title: string;
  path: string;
}

export const CENTRE_PLATFORM_ID = 0;
export const CENTRE_TITLE = '系统中心';
export const CENTRE_PATH = '/center';

export const PLATFORM_CATALOGUE: readonly PlatformEntry[] = [
  { platformId: 8, systemId: 'car', title: '智能车联', path: '/car/' },
  { platformId: 11, systemId: 'card', title: '智能工牌', path: '/card/' },
  { platformId: 12, systemId: 'system', title: '系统管理', path: '/system/' },
  { platformId: 13, systemId: 'pet', title: '宠物守护', path: '/pet/' },
  { platformId: 17, systemId: 'dataCenter', title: '数据中心', path: '/dataCenter/' },
  { platformId: 18, systemId: 'elec-car', title: '电动车卫士', path: '/elec-car/' },
  { platformId: 20, systemId: 'data-report', title: '数据报表', path: '/data-report/' },
  { platformId: 23, systemId: 'elec-lease', title: '电动车租赁', path: '/elec-lease/' },
  { platformId: 26, systemId: 'elec-gb', title: '新国标', path: '/elec-gb/' },
];
