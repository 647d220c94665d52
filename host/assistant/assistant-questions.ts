/** Tag and app type the assistant is opened with (spec §9). */
export const ASSISTANT_APP_TYPE = 'carWeb4';
/** The chat window sits 30px from the right edge. */
export const ASSISTANT_RIGHT_PX = 30;

/** The 19 suggested questions shown before the first message (spec §9 topics). */
export const ASSISTANT_QUESTIONS: readonly string[] = [
  '你是谁？能帮我做什么？',
  '如何创建子账号？',
  '子账号的权限怎么分配？',
  '如何添加车辆或资产？',
  '怎么查看车辆的实时位置？',
  '如何查看车辆轨迹回放？',
  '在哪里查看历史告警？',
  '设备到期了如何续费？',
  '下发的指令为什么没有生效？',
  '定位上传很慢是什么原因？',
  '设备显示离线怎么办？',
  '设备应该如何安装？',
  '设备如何充电？充满需要多久？',
  '定位位置有偏差怎么处理？',
  '新设备如何激活？',
  '平台支持哪些设备协议？',
  '设备接入的域名和端口是多少？',
  '设备指示灯分别代表什么状态？',
  '4G 设备有哪些注意事项？',
];
