import { NOTIFY_ROUTE_CHANNELS, NOTIFY_ROUTED_KINDS, type AlarmPushSettings, type NotifyEscalation, type NotifyRouting, type NotifyRule } from '../services/alarm-service';
import type { BrandingInfo } from '../services/branding-service';
import type { ConsoleConfig } from '../services/config-service';
import type { GeocodeResultItem } from '../services/geocode-service';
import type { ResourceItem } from '../services/permission-service';
import type { LoginPageInfo, User } from '../services/session-service';
import { defineEndpoint } from '../endpoint';
import { int, object, requiredText, text, type JsonSchema } from '../json-schema';
import type { DictionaryItem } from '../system-admin';
import { MAP_KEY_FIELDS, MAP_KEY_LABELS, type MapBrowserConfig, type MapKeyField, type MapSettings, type PlaceHit, type TenantMapProvider } from '../map-settings';

const PHONE = '^1[3-9]\\d{9}$';
const bool = (title: string): JsonSchema => ({ type: 'boolean', title });

/** A sub-application a role may enter. */
export interface RolePlatform {
  platformId: number;
  systemId: string;
  title: string;
  path: string;
}

/** What a login answers: the session the console sends back in the `sessionId` header. */
export interface TokenAnswer {
  sessionId: string;
  userId: number;
  /** On a refused login: the next attempt needs the image code. */
  needCode?: boolean;
}

/** The login form's fields (form-encoded; the password AES-encrypted with the page key). */
export interface TokenBody {
  grantType?: 'password' | 'sms';
  account?: string;
  password?: string;
  pageId?: string;
  code?: string;
  phone?: string;
  smsCode?: string;
}

/** Logging in and out (the paths of the console spec; each also answers under /oauthToken/). */
export const AuthApi = {
  loginPage: defineEndpoint<{ account?: string }, undefined, LoginPageInfo>({
    method: 'GET',
    path: '/oauth/loginPage',
    summary: '登录页：AES 口令（10 分钟有效）与是否需要图形验证码',
    query: object({ account: text('账号', 64) }),
  }),
  imageCode: defineEndpoint<{ pageId: string }, undefined, { image: string }>({
    method: 'GET',
    path: '/oauth/getCode',
    summary: '图形验证码（data URL），答案绑定到登录页',
    query: object({ pageId: requiredText('登录页标识', 64) }, ['pageId']),
  }),
  token: defineEndpoint<Record<string, never>, TokenBody, TokenAnswer>({
    method: 'POST',
    path: '/oauth/v4/token',
    summary: '登录（密码：AES 加密；或 grantType=sms 短信验证码），返回 sessionId',
    encoding: 'form',
    body: object({
      grantType: { type: 'string', title: '登录方式', enum: ['password', 'sms'], default: 'password' },
      account: text('账号', 64),
      password: text('密码', 1024),
      pageId: text('登录页标识', 64),
      code: text('图形验证码', 16),
      phone: text('手机号', 20),
      smsCode: text('短信验证码', 10),
    }),
  }),
  sendLoginSms: defineEndpoint<{ phone: string }, undefined, null>({
    method: 'GET',
    path: '/oauth/sendLoginSms',
    summary: '发送短信登录验证码（每个手机号 60 秒一次，5 分钟有效）',
    query: object({ phone: requiredText('手机号', 11, { pattern: PHONE }) }, ['phone']),
  }),
  /** Also answers POST; public, so that logging out with an expired session still succeeds. */
  logout: defineEndpoint<Record<string, never>, undefined, null>({
    method: 'GET',
    path: '/oauth/logout',
    summary: '退出登录：结束当前会话',
  }),
};

/** What the kernel reads for every user: start settings, the user, its sub-applications, branding, addresses, downloads. */
export const KernelApi = {
  config: defineEndpoint<Record<string, never>, undefined, ConsoleConfig>({
    method: 'GET',
    path: '/oauthToken/getConfig',
    summary: '控制台启动配置（旧版登录域名、AI 助手、短信登录、地图）',
  }),
  user: defineEndpoint<Record<string, never>, undefined, User>({
    method: 'GET',
    path: '/car/v1/api/user/getUser.json',
    summary: '当前登录用户',
  }),
  rolePlatforms: defineEndpoint<{ roleId: number }, undefined, RolePlatform[]>({
    method: 'GET',
    path: '/car/v1/api/platform/getPlatformByRoleId.json',
    summary: '角色可进入的子系统（只能查询自己的角色）',
    query: object({ roleId: int('角色', 1) }, ['roleId']),
  }),
  branding: defineEndpoint<{ url: string }, undefined, BrandingInfo>({
    method: 'GET',
    path: '/car/v1/api/custom/queryCustomInfo.json',
    summary: '站点品牌（按域名）：图标、描述、关键词、标题；未配置的站点返回 5001',
    query: object({ url: requiredText('站点地址', 255) }, ['url']),
  }),
  geocode: defineEndpoint<Record<string, never>, { lonAndLatToAddressVOS: { lon: number; lat: number; mac?: string; index: number }[] }, GeocodeResultItem[]>({
    method: 'POST',
    path: '/car/v4/api/address/baidu/getGeo.json',
    summary: '逆地理编码：WGS84 坐标批量转中文地址（离线行政区划数据；配置 GEOCODER 与 GEOCODER_KEY 时使用在线服务）',
    body: {
      type: 'object',
      properties: {
        lonAndLatToAddressVOS: { type: 'array', title: '坐标列表', maxItems: 500, items: { type: 'object', title: '坐标' } },
      },
    },
  }),
  /** Also answers POST. */
  dictionary: defineEndpoint<{ type?: string }, undefined, DictionaryItem[]>({
    method: 'GET',
    path: '/car/v4/api/system/dictionary/list.json',
    summary: '数据字典（可按类型筛选）',
    query: object({ type: text('字典类型', 64) }),
  }),
  downloadToken: defineEndpoint<Record<string, never>, undefined, { token: string }>({
    method: 'GET',
    path: '/car/v1/api/download/token.json',
    summary: '一次性下载令牌（60 秒），供隐藏 iframe 导出使用 ?downloadToken=',
  }),
};

/** The caller's menus and buttons (the console's permissions, and what 角色管理 may grant). */
export const ResourceApi = {
  mine: defineEndpoint<{ version?: string; from?: string }, undefined, ResourceItem[]>({
    method: 'GET',
    path: '/car/v1/api/resource/newList.json',
    summary: '当前用户的菜单与按钮权限树（按平台分组）',
    query: object({ version: text('版本', 16), from: text('来源', 32) }),
  }),
  catalogue: defineEndpoint<Record<string, never>, undefined, ResourceItem[]>({
    method: 'GET',
    path: '/car/v1/api/resource/list.json',
    summary: '完整的资源目录树（按平台分组）',
  }),
};

/** 地图设置 of the tenant, and what every user's browser draws and searches with. */
export const MapSettingsApi = {
  get: defineEndpoint<Record<string, never>, undefined, MapSettings>({
    method: 'GET',
    path: '/center/map/getMapSetting.json',
    summary: '地图设置（本租户，含地图服务密钥）',
  }),
  save: defineEndpoint<Record<string, never>, { provider: TenantMapProvider } & Partial<Record<MapKeyField, string>>, MapSettings>({
    method: 'POST',
    path: '/center/map/saveMapSetting.json',
    summary: '保存地图设置（本租户）',
    body: object(
      {
        provider: requiredText('地图服务', 20),
        ...Object.fromEntries(MAP_KEY_FIELDS.map((f) => [f, text(MAP_KEY_LABELS[f], 100)])),
      },
      ['provider'],
    ),
  }),
  browserConfig: defineEndpoint<Record<string, never>, undefined, MapBrowserConfig>({
    method: 'GET',
    path: '/center/map/getMapConfig.json',
    summary: '当前用户浏览器使用的地图（底图、瓦片密钥、是否可按地址搜索）',
  }),
  searchPlace: defineEndpoint<Record<string, never>, { address: string }, PlaceHit[]>({
    method: 'POST',
    path: '/center/map/searchPlace.json',
    summary: '按地址查找地点（WGS84；需配置地理编码服务）',
    body: object({ address: requiredText('地址', 100) }, ['address']),
  }),
};

/** Recipients one list of 推送设置 or a rule holds at most. */
export const PUSH_RECIPIENTS_MAX = 10;
const recipientList = (title: string, itemTitle: string, maxLength: number): JsonSchema => ({
  type: 'array', title, maxItems: PUSH_RECIPIENTS_MAX, items: { type: 'string', title: itemTitle, maxLength },
});

/** Rules of 推送规则 a tenant may have. */
export const NOTIFY_RULES_MAX = 20;
/** Robots and webhooks one rule may choose. */
const CHOSEN_MAX = 50;
const strings = (title: string, maxItems: number, maxLength: number): JsonSchema => ({ type: 'array', title, maxItems, items: { type: 'string', title, maxLength } });
const recipientLists = { emails: strings('接收邮箱', PUSH_RECIPIENTS_MAX, 100), phones: strings('接收手机号', PUSH_RECIPIENTS_MAX, 20) };
const channelList = (title: string): JsonSchema => ({ type: 'array', title, maxItems: NOTIFY_ROUTE_CHANNELS.length + NOTIFY_ROUTED_KINDS.length, items: { type: 'string', title: '推送通道', maxLength: 20 } });
const channelIds = (title: string): JsonSchema => ({ type: 'array', title, maxItems: CHOSEN_MAX, items: { type: 'integer', title: '推送渠道', minimum: 1 } });

/** What a rule or the escalation chose; an older client sends no channelIds, and kinds (e.g. dingtalk) among its channels. */
interface ChosenChannels {
  channels: readonly string[];
  channelIds?: readonly number[];
}

/** What configNotifyRouting takes. */
export type NotifyRoutingBody = Omit<NotifyRouting, 'rules' | 'escalation'> & {
  rules: (Omit<NotifyRule, 'channels' | 'channelIds'> & ChosenChannels)[];
  escalation: Omit<NotifyEscalation, 'channels' | 'channelIds'> & ChosenChannels;
};

/** 推送设置 and 推送规则 of the tenant. */
export const AlarmPushApi = {
  settings: defineEndpoint<Record<string, never>, Record<string, never>, AlarmPushSettings>({
    method: 'POST',
    path: '/car/v4/api/alarm/push/listAlarmPushInfo.json',
    summary: '推送设置：弹窗、声音、推送的告警类型、邮件、短信（本租户）；Webhook 与机器人在推送渠道中设置',
  }),
  /** An older client's body still names the webhook (now a channel of 推送渠道): accepted switched off only. */
  save: defineEndpoint<Record<string, never>, AlarmPushSettings & { webhook?: { enabled: boolean; url: string } }, AlarmPushSettings>({
    method: 'POST',
    path: '/car/v4/api/alarm/push/configAlarmPush.json',
    summary: '保存推送设置（本租户）；旧版的 webhook 字段仍可提交，但只能是关闭状态（Webhook 在推送渠道中设置）',
    body: object(
      {
        popup: bool('弹窗提醒'),
        sound: bool('声音提醒'),
        alarmTypes: { type: 'array', title: '推送的告警类型', maxItems: 100, items: { type: 'string', title: '告警类型', maxLength: 50 } },
        webhook: object({ enabled: bool('Webhook 开关'), url: { type: 'string', title: '推送地址', maxLength: 500 } }),
        email: object({ enabled: bool('邮件开关'), to: recipientList('接收邮箱', '邮箱', 100) }, ['enabled', 'to']),
        sms: object({ enabled: bool('短信开关'), phones: recipientList('接收手机号', '手机号', 20) }, ['enabled', 'phones']),
      },
      ['popup', 'sound', 'alarmTypes', 'email', 'sms'],
    ),
  }),
  routing: defineEndpoint<Record<string, never>, Record<string, never>, NotifyRouting>({
    method: 'POST',
    path: '/car/v4/api/alarm/push/listNotifyRouting.json',
    summary: '推送规则、免打扰时段与告警升级（本租户）',
  }),
  saveRouting: defineEndpoint<Record<string, never>, NotifyRoutingBody, NotifyRouting>({
    method: 'POST',
    path: '/car/v4/api/alarm/push/configNotifyRouting.json',
    summary: '保存推送规则、免打扰时段与告警升级（本租户）',
    body: object(
      {
        rules: {
          type: 'array', title: '推送规则', maxItems: NOTIFY_RULES_MAX,
          items: object({
            name: { type: 'string', title: '规则名称', maxLength: 20 },
            alarmTypes: strings('告警类型', 100, 50),
            levels: strings('告警级别', 3, 10),
            channels: channelList('推送通道'),
            channelIds: channelIds('推送渠道'),
            ...recipientLists,
          }, ['name', 'alarmTypes', 'levels', 'channels', 'emails', 'phones']),
        },
        quietHours: object({
          enabled: { type: 'boolean', title: '免打扰开关' },
          start: { type: 'string', title: '免打扰开始时间', maxLength: 5 },
          end: { type: 'string', title: '免打扰结束时间', maxLength: 5 },
          minLevel: { type: 'string', title: '照常推送的级别', maxLength: 10 },
        }, ['enabled', 'start', 'end', 'minLevel']),
        escalation: object({
          enabled: { type: 'boolean', title: '告警升级开关' },
          afterMinutes: { type: 'integer', title: '升级时间（分钟）' },
          minLevel: { type: 'string', title: '升级的级别', maxLength: 10 },
          channels: channelList('升级推送通道'),
          channelIds: channelIds('升级推送渠道'),
          ...recipientLists,
        }, ['enabled', 'afterMinutes', 'minLevel', 'channels', 'emails', 'phones']),
      },
      ['rules', 'quietHours', 'escalation'],
    ),
  }),
};

/** One protocol's counters of the gateway (JT/T 808, GT06, the watch protocol): its port and what it counted. */
export type GatewayCounters = { port: number | null } & Record<string, unknown>;

/** 系统管理 › 概览's operations figures. */
export interface GatewayMetrics extends Record<string, unknown> {
  /** A gateway runs in this process or in GATEWAY_WORKERS. */
  enabled: boolean;
  port: number | null;
  /** The position bus: memory or nats. */
  bus: string;
  protocols: Record<string, GatewayCounters>;
  /** GATEWAY_WORKERS: each worker's counters per protocol, as it last reported them. */
  workers?: unknown;
}

/** The platform's operations figures. */
export const GatewayApi = {
  metrics: defineEndpoint<Record<string, never>, undefined, GatewayMetrics>({
    method: 'GET',
    path: '/car/v1/api/gateway/metrics.json',
    summary: '网关计数：连接、在线终端、帧、入库、应答时延、批量写入与背压（JT/T 808，以及 GT06 与手表协议各自的 protocols 项；GATEWAY_WORKERS 时每个工作进程的 workers 项）',
  }),
};
