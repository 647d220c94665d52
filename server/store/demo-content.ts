import type { DictionaryItem } from '../../sdk/system-admin';

/** Demo profile content: dictionary entries and in-site notices. */

export const DEMO_SITE = {
  title: '天路车联网平台',
  description: '天路车联网平台：车辆定位、轨迹回放、告警处理、指令下发与数据报表',
  keyword: '天路,车联网,车辆监控,GPS定位,轨迹回放,JT808',
  iconUrl: '/favicon.ico',
};

const entries = (type: string, names: [code: string, name: string][]): DictionaryItem[] =>
  names.map(([code, name], i) => ({ type, code, name, sort: i + 1 }));

export const DEMO_DICTIONARY: DictionaryItem[] = [
  ...entries('vehicleType', [['1', '小型汽车'], ['2', '大型货车'], ['3', '客车'], ['4', '危险品运输车'], ['5', '电动自行车']]),
  ...entries('plateColor', [['1', '蓝色'], ['2', '黄色'], ['3', '黑色'], ['4', '白色'], ['5', '绿色']]),
  ...entries('alarmType', [['0', '紧急报警'], ['1', '超速报警'], ['2', '疲劳驾驶'], ['7', '终端主电源欠压'], ['8', '终端主电源掉电'], ['20', '进出区域']]),
  ...entries('terminalProtocol', [['jt808-2013', 'JT/T 808-2013'], ['jt808-2019', 'JT/T 808-2019']]),
  ...entries('onlineStatus', [['online', '在线'], ['offline', '离线'], ['alarm', '告警']]),
];

export interface DemoNotice {
  title: string;
  summary: string;
  content: string;
  category: string;
  /** Days before seeding. */
  daysAgo: number;
}

export const DEMO_NOTICES: DemoNotice[] = [
  {
    title: '关于平台系统升级维护的通知',
    summary: '平台将于本周六凌晨 00:00 至 04:00 进行系统升级，期间定位数据会延迟上报。',
    content:
      '尊敬的用户：为提升平台稳定性，天路车联网平台将于本周六凌晨 00:00 至 04:00 进行系统升级维护。维护期间终端定位数据将缓存于网关，升级完成后自动补传，不会丢失；实时监控页面可能短暂无法刷新。给您带来的不便，敬请谅解。',
    category: '系统公告',
    daysAgo: 1,
  },
  {
    title: '新增电子围栏进出区域告警功能',
    summary: '智能车联已支持自定义电子围栏，车辆进出区域时实时推送告警。',
    content:
      '智能车联模块新增电子围栏功能：可在地图上绘制圆形、矩形或多边形区域，为车组绑定围栏后，车辆进出区域将产生“进出区域”告警，并按推送设置发送站内消息。请在“告警设置”中开启对应告警类型。',
    category: '功能更新',
    daysAgo: 3,
  },
  {
    title: '春节期间客服值班安排',
    summary: '春节假期期间客服热线正常值班，工单响应时间延长至 4 小时内。',
    content:
      '春节假期期间（除夕至正月初六），客服热线 400-800-0000 正常值班，在线工单响应时间延长至 4 小时内。紧急问题请直接拨打热线。祝您新春快乐，一路平安！',
    category: '服务通知',
    daysAgo: 7,
  },
  {
    title: '关于终端流量卡续费的提醒',
    summary: '部分终端流量卡将于本月底到期，请及时续费以免设备离线。',
    content:
      '经系统检测，您名下部分终端的物联网流量卡将于本月底到期。到期后终端将无法上报位置，显示为离线。请前往“系统管理 - 终端管理”查看到期时间并及时续费。',
    category: '续费提醒',
    daysAgo: 12,
  },
  {
    title: '数据报表新增车辆日在线统计',
    summary: '数据报表模块新增“车辆日在线”报表，可按日查看车辆在线时长与在线率。',
    content:
      '数据报表模块新增“车辆日在线”报表，支持按车组、日期范围统计每辆车的在线时长、在线率和离线次数，并可导出为 Excel，导出文件可在“下载中心”获取。',
    category: '功能更新',
    daysAgo: 20,
  },
];
