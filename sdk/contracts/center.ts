import { defineEndpoint } from '../endpoint';
import type { HealthOverride, HealthOverrideList, HealthPerson } from '../health';
import { HEALTH_LIMIT_FIELDS, type HealthLimitKey, type HealthLimitOverride, type HealthThreshold } from '../health-limits';
import { int, object, pagingProperties, requiredText, text, type JsonSchema } from '../json-schema';
import type { NoticeDetail, NoticePage } from '../notice';
import type { PluginSettingsEntry, PluginSettingValues } from '../plugin-settings';
import type { UserPrivacy } from '../services/session-service';

const USER = '/car/v1/api/user';
const PHONE = { pattern: '^1[3-9]\\d{9}$' };
/** Characters of a password the server accepts at most (the schema allows four bytes a character). */
export const PASSWORD_MAX_LENGTH = 64;

/** One login attempt of 登录记录. */
export interface LoginRecord {
  time: string;
  ip: string | null;
  result: 'success' | 'failure' | 'locked';
  method: 'password' | 'sms';
}

/** 个人中心 › 安全中心 (docs/api-contract.md, "Authorization and 安全中心"): the caller's own account. */
export const SecurityApi = {
  updatePassword: defineEndpoint<Record<string, never>, { oldPassword: string; newPassword: string }, { sessionsEnded: number }>({
    method: 'POST',
    path: `${USER}/updateUserPassword.json`,
    summary: '修改自己的密码（原密码必填；新密码至少 8 位且同时包含字母和数字）；成功后该用户的所有会话结束',
    body: object(
      { oldPassword: requiredText('原密码', 200), newPassword: requiredText('新密码', PASSWORD_MAX_LENGTH * 4) },
      ['oldPassword', 'newPassword'],
    ),
  }),
  sendSmsCode: defineEndpoint<Record<string, never>, { phone: string }, null>({
    method: 'POST',
    path: `${USER}/sendSmsCode.json`,
    summary: '发送绑定手机号的短信验证码（每个手机号、每个用户 60 秒一次，5 分钟有效）',
    body: object({ phone: requiredText('手机号', 11, PHONE) }, ['phone']),
  }),
  phoneCodeVerify: defineEndpoint<Record<string, never>, { phone: string; code: string }, { phone: string; phoneVerified: boolean }>({
    method: 'POST',
    path: `${USER}/phoneCodeVerify.json`,
    summary: '校验短信验证码并绑定手机号',
    body: object({ phone: requiredText('手机号', 11, PHONE), code: requiredText('验证码', 10) }, ['phone', 'code']),
  }),
  updatePrivacy: defineEndpoint<Record<string, never>, Partial<UserPrivacy>, UserPrivacy>({
    method: 'POST',
    path: `${USER}/updatePrivacy.json`,
    summary: '隐私设置：hidePhone（他人看到的手机号打码）、hideEmail（他人看到的邮箱打码）',
    body: object({
      hidePhone: { type: 'boolean', title: '隐藏手机号' },
      hideEmail: { type: 'boolean', title: '隐藏邮箱' },
    }),
  }),
  unbindWx: defineEndpoint<Record<string, never>, undefined, { wxBound: false }>({
    method: 'GET',
    path: `${USER}/unbindWxRelation.json`,
    summary: '解除微信绑定（未绑定时提示 未绑定微信）',
  }),
  loginHistory: defineEndpoint<{ current: number; pageSize: number }, undefined, { total: number; list: LoginRecord[] }>({
    method: 'GET',
    path: `${USER}/loginHistory.json`,
    summary: '我的登录记录（时间、IP、结果 success/failure/locked、方式 password/sms），分页',
    query: object(pagingProperties),
  }),
};

const NOTICE = '/car/v1/helpCenter/helpMessage';

/** 站内消息 (docs/api-contract.md, 站内消息). */
export const NoticeApi = {
  page: defineEndpoint<{ current: number; pageSize: number; read?: number; keyword?: string }, undefined, NoticePage>({
    method: 'GET',
    path: `${NOTICE}/pageHelpMessage`,
    summary: '站内消息分页（read=0 未读，1 已读）',
    query: object({ ...pagingProperties, read: int('已读状态', 0, 1), keyword: text('关键词', 100) }),
  }),
  detail: defineEndpoint<{ id: number }, undefined, NoticeDetail>({
    method: 'GET',
    path: `${NOTICE}/getHelpMessage`,
    summary: '公告详情（不改变已读状态，需调用 markRead）',
    query: object({ id: int('公告编号', 1) }, ['id']),
  }),
  markRead: defineEndpoint<Record<string, never>, { ids?: number[]; all?: boolean }, { updated: number }>({
    method: 'POST',
    path: `${NOTICE}/markRead`,
    summary: '标记已读：{ids:[...]} 或 {all:true}',
    body: object({
      ids: { type: 'array', title: '公告编号', maxItems: 500, items: int('公告编号', 1) },
      all: { type: 'boolean', title: '全部已读' },
    }),
  }),
};

/** An export of 下载中心 (createTime ISO 8601 with offset). */
export interface ExportRecord {
  id: number;
  fileName: string;
  /** 0 生成中, 1 可下载, 2 失败 */
  status: number;
  createTime: string;
  size: number;
}

const EXPORT = '/car/v1/accelerate/export';

/** 下载中心: the caller's exports and their files. */
export const DownloadApi = {
  list: defineEndpoint<Record<string, never>, { current: number; pageSize: number }, { total: number; list: ExportRecord[] }>({
    method: 'POST',
    path: `${EXPORT}/listExportRecord.json`,
    summary: '下载中心：我的导出记录（status 0 生成中，1 可下载，2 失败）',
    body: object(pagingProperties),
    encoding: 'form',
  }),
  /** Streams the file (a hidden-frame download: `http.exportFile`). */
  download: defineEndpoint<{ id: number; downloadToken?: string }, undefined, never>({
    method: 'GET',
    path: `${EXPORT}/download.json`,
    summary: '下载导出文件（sessionId 头或一次性 downloadToken）',
    query: object({ id: int('导出记录', 1), downloadToken: text('下载令牌', 128) }, ['id']),
  }),
};

/** The schema of each health limit field: whole numbers in their range, temperatures as numbers. */
export const HEALTH_LIMIT_PROPERTIES = Object.fromEntries(
  HEALTH_LIMIT_FIELDS.map((f): [HealthLimitKey, JsonSchema] => [f.key, f.decimals === 0 ? int(f.title, f.min, f.max) : { type: 'number', title: f.title, minimum: f.min, maximum: f.max }]),
) as Record<HealthLimitKey, JsonSchema>;

/** What 健康设置 saves for the tenant: the limits it requires, the others keep their value when left out. */
export type HealthThresholdBody = Pick<HealthThreshold, 'heartRateMin' | 'heartRateMax' | 'temperatureMax' | 'stepGoal'> & Partial<HealthThreshold>;

const THRESHOLD = '/car/v4/api/health/threshold';

/** 健康设置 (docs/api-contract.md, 健康设置): the tenant's limits and those of departments and people. */
export const HealthSettingsApi = {
  get: defineEndpoint<Record<string, never>, undefined, HealthThreshold>({
    method: 'GET',
    path: `${THRESHOLD}/getHealthThreshold.json`,
    summary: '健康阈值（本租户）：心率、血压、血氧、体温的上下限和步数目标',
  }),
  update: defineEndpoint<Record<string, never>, HealthThresholdBody, HealthThreshold>({
    method: 'POST',
    path: `${THRESHOLD}/updateHealthThreshold.json`,
    summary: '保存健康阈值（本租户）；未提交的血压、血氧、体温下限保持原值',
    body: object({ ...HEALTH_LIMIT_PROPERTIES, stepGoal: int('步数目标', 0, 100000) }, ['heartRateMin', 'heartRateMax', 'temperatureMax', 'stepGoal']),
  }),
  overrides: defineEndpoint<Record<string, never>, undefined, HealthOverrideList>({
    method: 'GET',
    path: `${THRESHOLD}/listHealthLimitOverrides.json`,
    summary: '部门和人员的健康阈值（覆盖本租户设置的项）及各自生效的阈值，另附本租户的部门',
  }),
  people: defineEndpoint<{ keyword?: string }, undefined, HealthPerson[]>({
    method: 'GET',
    path: `${THRESHOLD}/people.json`,
    summary: '按姓名、工号或部门查找人员（最多 20 个），供设置个人健康阈值',
    query: object({ keyword: text('关键词', 50) }),
  }),
  saveOverride: defineEndpoint<Record<string, never>, { department?: string; vehicleId?: number; limits: HealthLimitOverride }, HealthOverride>({
    method: 'POST',
    path: `${THRESHOLD}/saveHealthLimitOverride.json`,
    summary: '保存一个部门或一个人的健康阈值（只填要覆盖的项，其余沿用上级设置）',
    body: object({ department: text('部门', 50), vehicleId: int('人员', 1), limits: { ...object(HEALTH_LIMIT_PROPERTIES), title: '阈值' } }, ['limits']),
  }),
  deleteOverride: defineEndpoint<Record<string, never>, { id: number }, null>({
    method: 'POST',
    path: `${THRESHOLD}/deleteHealthLimitOverride.json`,
    summary: '删除一个部门或一个人的健康阈值（恢复沿用上级设置）',
    body: object({ id: int('阈值', 1) }, ['id']),
  }),
};

const PLUGIN_SETTING = '/center/pluginSetting';
const SYSTEM_ID = { pattern: '^[A-Za-z][A-Za-z0-9_-]*$' };

/**
 * 插件设置 (docs/plugin-guide/settings-and-exports.md): the settings sub-applications declare, per
 * tenant. `list` and `save` need the page 插件设置 and, per sub-application, its platform; `values` is
 * what a sub-application's own pages read (`usePluginSettings`).
 */
export const PluginSettingsApi = {
  list: defineEndpoint<Record<string, never>, undefined, PluginSettingsEntry[]>({
    method: 'GET',
    path: `${PLUGIN_SETTING}/list.json`,
    summary: '插件设置：本租户被授权的各子应用声明的设置项及当前值（未保存的取默认值）',
  }),
  save: defineEndpoint<Record<string, never>, { systemId: string; values: Record<string, unknown> }, PluginSettingsEntry>({
    method: 'POST',
    path: `${PLUGIN_SETTING}/save.json`,
    summary: '保存一个子应用的设置（本租户；按其声明逐项校验，未给出的项保持原值）',
    body: object({ systemId: requiredText('子应用', 64, SYSTEM_ID), values: { type: 'object', title: '设置值' } }, ['systemId', 'values']),
  }),
  values: defineEndpoint<{ systemId: string }, undefined, PluginSettingValues>({
    method: 'GET',
    path: `${PLUGIN_SETTING}/values.json`,
    summary: '一个子应用的设置在本租户的当前值（默认值已填入）；须被授权该子应用的平台',
    query: object({ systemId: requiredText('子应用', 64, SYSTEM_ID) }, ['systemId']),
  }),
};
