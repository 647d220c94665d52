/**
 * 告警推送 › 推送渠道 and 推送记录: the kinds of channel a tenant configures, the fields each kind
 * takes (shared by the console's dialog and the server's checks), and how recipients are masked.
 */
import { BACKGROUND_EXPORT_LIMIT } from './pagination';

export const NOTIFY_CHANNEL_KINDS = ['smtp', 'aliyun-sms', 'tencent-sms', 'dingtalk', 'wecom', 'feishu', 'webhook'] as const;
export type NotifyChannelKind = (typeof NOTIFY_CHANNEL_KINDS)[number];

export const NOTIFY_CHANNEL_KIND_NAMES: Record<NotifyChannelKind, string> = {
  smtp: 'SMTP 邮件',
  'aliyun-sms': '阿里云短信',
  'tencent-sms': '腾讯云短信',
  dingtalk: '钉钉机器人',
  wecom: '企业微信机器人',
  feishu: '飞书机器人',
  webhook: 'Webhook',
};

/**
 * How a field is entered and checked: `secret` fields are write-only (answered masked, an unchanged
 * masked value keeps the stored one); `secretUrl` is a robot address whose token is its secret.
 */
export type NotifyFieldType = 'text' | 'secret' | 'secretUrl' | 'url' | 'port' | 'mailbox' | 'bool' | 'msgtype' | 'digits' | 'params' | 'smsTemplate';

export interface NotifyFieldSpec {
  key: string;
  label: string;
  type: NotifyFieldType;
  required?: boolean;
  placeholder?: string;
  hint?: string;
  /** Filled in a new channel's dialog. */
  initial?: string;
  /** A `params` field: the variable names it may list (default asset, alarm, time). */
  vars?: readonly string[];
  /** Takes a whole row of the dialog. */
  wide?: boolean;
}

/** The variables of the verification code text (登录验证码, 绑定手机验证码): the code and its minutes of validity. */
export const SMS_CODE_VARS = ['code', 'minutes'] as const;
/** The variables of the lease overdue text (租约逾期): renter, plate, contract, end day, days overdue. */
export const SMS_LEASE_VARS = ['name', 'plate', 'contract', 'endDate', 'days'] as const;

/** The fields of each kind, in the dialog's order. */
export const NOTIFY_CHANNEL_FIELDS: Record<NotifyChannelKind, readonly NotifyFieldSpec[]> = {
  smtp: [
    { key: 'host', label: 'SMTP 服务器', type: 'text', required: true, placeholder: 'smtp.example.com' },
    { key: 'port', label: '端口', type: 'port', required: true, initial: '465', hint: '465 为 SSL，587 或 25 用 STARTTLS' },
    { key: 'secure', label: 'SSL 加密连接（465 端口）', type: 'bool', initial: 'true' },
    { key: 'requireTLS', label: '必须使用 STARTTLS', type: 'bool', initial: 'false' },
    { key: 'user', label: '用户名', type: 'text', placeholder: 'alarm@example.com' },
    { key: 'password', label: '密码 / 授权码', type: 'secret' },
    { key: 'from', label: '发件人', type: 'mailbox', required: true, placeholder: '天路告警 <alarm@example.com>' },
  ],
  'aliyun-sms': [
    { key: 'accessKeyId', label: 'AccessKey ID', type: 'text', required: true },
    { key: 'accessKeySecret', label: 'AccessKey Secret', type: 'secret', required: true },
    { key: 'signName', label: '短信签名', type: 'text', required: true, placeholder: '天路平台' },
    {
      key: 'templateCode', label: '告警模板 CODE', type: 'text', placeholder: 'SMS_123456789',
      hint: '告警短信；模板变量：asset（设备）、alarm（告警）、time（时间）。只用于验证码或租约逾期时可不填',
    },
    { key: 'codeTemplateCode', label: '验证码模板 CODE', type: 'smsTemplate', placeholder: 'SMS_123456789', wide: true, hint: '登录和绑定手机的验证码短信；模板变量：code（验证码）' },
    {
      key: 'leaseTemplateCode', label: '租约逾期模板 CODE', type: 'smsTemplate', placeholder: 'SMS_123456789', wide: true,
      hint: '租约逾期断电通知；模板变量：name（租户姓名）、plate（车牌）、contract（合同号）、endDate（到期日）、days（逾期天数）',
    },
    { key: 'endpoint', label: '接入地址', type: 'url', placeholder: 'https://dysmsapi.aliyuncs.com/' },
  ],
  'tencent-sms': [
    { key: 'secretId', label: 'SecretId', type: 'text', required: true },
    { key: 'secretKey', label: 'SecretKey', type: 'secret', required: true },
    { key: 'smsSdkAppId', label: 'SdkAppId', type: 'digits', required: true, placeholder: '1400000000' },
    { key: 'signName', label: '短信签名', type: 'text', required: true, placeholder: '天路平台' },
    { key: 'templateId', label: '告警模板 ID', type: 'digits', hint: '告警短信；只用于验证码或租约逾期时可不填' },
    { key: 'templateParams', label: '告警模板参数顺序', type: 'params', initial: 'asset,alarm,time', hint: '依次填入模板的 {1}、{2}…，可选 asset、alarm、time，用逗号分隔' },
    { key: 'codeTemplateId', label: '验证码模板 ID', type: 'digits', hint: '登录和绑定手机的验证码短信' },
    {
      key: 'codeTemplateParams', label: '验证码模板参数顺序', type: 'params', vars: SMS_CODE_VARS, initial: 'code', wide: true,
      hint: '依次填入模板的 {1}、{2}…，可选 code（验证码）、minutes（有效分钟数）',
    },
    { key: 'leaseTemplateId', label: '租约逾期模板 ID', type: 'digits', hint: '租约逾期断电通知' },
    {
      key: 'leaseTemplateParams', label: '租约逾期模板参数顺序', type: 'params', vars: SMS_LEASE_VARS, initial: 'name,plate,contract,endDate,days', wide: true,
      hint: '依次填入模板的 {1}、{2}…，可选 name（租户姓名）、plate（车牌）、contract（合同号）、endDate（到期日）、days（逾期天数）',
    },
    { key: 'endpoint', label: '接入地址', type: 'url', placeholder: 'https://sms.tencentcloudapi.com/' },
    { key: 'region', label: '地域', type: 'text', placeholder: 'ap-guangzhou' },
  ],
  dingtalk: [
    { key: 'url', label: '机器人 Webhook 地址', type: 'secretUrl', required: true, placeholder: 'https://oapi.dingtalk.com/robot/send?access_token=…' },
    { key: 'secret', label: '加签密钥', type: 'secret', placeholder: 'SEC…', hint: '机器人安全设置为“加签”时填写' },
    { key: 'msgtype', label: '消息格式', type: 'msgtype', initial: 'text' },
  ],
  wecom: [
    { key: 'url', label: '机器人 Webhook 地址', type: 'secretUrl', required: true, placeholder: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=…' },
    { key: 'msgtype', label: '消息格式', type: 'msgtype', initial: 'text' },
  ],
  feishu: [
    { key: 'url', label: '机器人 Webhook 地址', type: 'secretUrl', required: true, placeholder: 'https://open.feishu.cn/open-apis/bot/v2/hook/…' },
    { key: 'secret', label: '签名校验密钥', type: 'secret', hint: '机器人安全设置开启“签名校验”时填写' },
  ],
  webhook: [
    { key: 'url', label: '推送地址', type: 'url', required: true, placeholder: 'https://example.com/alarm' },
    {
      key: 'secret', label: '签名密钥', type: 'secret', required: true,
      hint: '至少 16 个字符；请求头 X-Tianlu-Signature = sha256=HMAC-SHA256(密钥, 时间戳 + "." + 请求体)，时间戳与接收方时钟相差超过 300 秒应拒绝',
    },
  ],
};

/** The fields of a kind that are secrets (answered masked). */
export function isSecretField(f: NotifyFieldSpec): boolean {
  return f.type === 'secret' || f.type === 'secretUrl';
}

/**
 * Whether a secret field's value has the shape of its masked answer (`****abcd`, a robot address
 * `https://host/****abcd`): such a value is never stored, it only ever means "keep what is stored".
 */
export function looksMasked(f: NotifyFieldSpec, value: string): boolean {
  if (f.type === 'secret') return /^\*{4}[^*]{0,4}$/.test(value);
  if (f.type === 'secretUrl') return /^https?:\/\/[^/]+\/\*{4}[^*]{0,4}$/.test(value.trim());
  return false;
}

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const MAILBOX = /^(?:[^<>]*<\s*([^\s<>]+)\s*>|([^\s<>]+))$/;
const MOBILE = /^1[3-9]\d{9}$/;
const TEMPLATE_FIELDS: readonly string[] = ['asset', 'alarm', 'time'];
const WEBHOOK_SECRET_MIN = 16;
const MAX_TEXT = 200;

/** A field's value as checked: what is stored (`undefined` for a field left empty), or what is wrong with it. */
export type NotifyFieldCheck = { value: unknown; error?: undefined } | { error: string };

/**
 * What is wrong with each field of a form, by its key (`values`' keys, `recipient` of 发送测试). The
 * server answers them as `obj.fieldErrors` of a refusal; the dialogs show each under its field.
 */
export type NotifyFieldErrors = Record<string, string>;

function httpUrl(value: string, label: string): NotifyFieldCheck {
  let parsed: URL | undefined;
  try {
    parsed = new URL(value);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || !parsed.hostname) {
    return { error: `${label}格式不正确，应以 http:// 或 https:// 开头` };
  }
  return { value };
}

/**
 * One field of a channel checked, as the server checks it before saving (and the dialog before
 * sending): the value kept in the configuration or the secrets, or a Chinese sentence saying what is wrong.
 */
export function checkNotifyField(kind: NotifyChannelKind, f: NotifyFieldSpec, raw: string): NotifyFieldCheck {
  const value = f.type === 'secret' ? raw : raw.trim();
  if (!value) {
    if (f.required) return { error: `请填写${f.label}` };
    return { value: f.type === 'bool' ? false : undefined };
  }
  if (value.length > (f.type === 'secret' || f.type === 'secretUrl' || f.type === 'url' ? 2000 : MAX_TEXT)) return { error: `${f.label}太长` };
  switch (f.type) {
    case 'url':
    case 'secretUrl':
      return httpUrl(value, f.label);
    case 'port': {
      const port = Number(value);
      if (!/^\d+$/.test(value) || port < 1 || port > 65535) return { error: `${f.label}必须是 1 到 65535 之间的整数` };
      return { value: port };
    }
    case 'mailbox': {
      const m = MAILBOX.exec(value);
      if (!m || !EMAIL.test((m[1] ?? m[2])!)) return { error: `${f.label}格式不正确，应为邮箱地址，例如 天路告警 <alarm@example.com>` };
      return { value };
    }
    case 'bool':
      if (value !== 'true' && value !== 'false') return { error: `${f.label}取值不正确` };
      return { value: value === 'true' };
    case 'msgtype':
      if (value !== 'text' && value !== 'markdown') return { error: `${f.label}只能是 text 或 markdown` };
      return { value };
    case 'digits':
      if (!/^\d{1,20}$/.test(value)) return { error: `${f.label}只能是数字` };
      return { value };
    case 'smsTemplate':
      if (!/^SMS_\d{1,20}$/.test(value)) return { error: `${f.label}格式不正确，应为 SMS_ 加数字，例如 SMS_123456789` };
      return { value };
    case 'params': {
      const vars = f.vars ?? TEMPLATE_FIELDS;
      const list = value.split(/[,，\s]+/).filter(Boolean);
      const wrong = list.find((p) => !vars.includes(p));
      if (wrong) return { error: `${f.label}只能是 ${vars.join('、')}，不认识 ${wrong}` };
      if (list.length === 0) return { error: `请填写${f.label}` };
      return { value: list };
    }
    case 'secret':
      if (kind === 'webhook' && value.length < WEBHOOK_SECRET_MIN) return { error: `${f.label}至少 ${WEBHOOK_SECRET_MIN} 个字符` };
      if (/[\r\n]/.test(value)) return { error: `${f.label}不能包含换行` };
      return { value };
    default:
      if (/[\r\n]/.test(value)) return { error: `${f.label}不能包含换行` };
      return { value };
  }
}

/** An SMS kind's templates: the alarm one, its parameter order (Tencent), the code and lease ones. */
const SMS_TEMPLATES: Partial<Record<NotifyChannelKind, { alarm: string; params?: string; others: readonly string[] }>> = {
  'aliyun-sms': { alarm: 'templateCode', others: ['codeTemplateCode', 'leaseTemplateCode'] },
  'tencent-sms': { alarm: 'templateId', params: 'templateParams', others: ['codeTemplateId', 'leaseTemplateId'] },
};

/** The field key of an SMS kind's alarm template (告警模板), undefined for other kinds. */
export function alarmTemplateKey(kind: NotifyChannelKind): string | undefined {
  return SMS_TEMPLATES[kind]?.alarm;
}

/**
 * What is wrong across a channel's fields, beyond each field alone: an SMS channel needs at least one
 * template (the alarm one only when it sends alarms), and a Tencent alarm template its parameter order.
 */
export function checkNotifyChannel(kind: NotifyChannelKind, values: Record<string, string>): NotifyFieldErrors {
  const t = SMS_TEMPLATES[kind];
  if (!t) return {};
  const filled = (key: string) => !!(values[key] ?? '').trim();
  if (![t.alarm, ...t.others].some(filled)) return { [t.alarm]: '请至少填写一个模板：告警模板、验证码模板或租约逾期模板' };
  if (t.params && filled(t.alarm) && !filled(t.params)) return { [t.params]: '请填写告警模板参数顺序' };
  return {};
}

/** The recipient of 发送测试 checked: e-mail channels take a mail address, SMS channels a mainland mobile number; robots none. */
export function checkTestRecipient(kind: NotifyChannelKind, recipient: string): string | undefined {
  const r = recipient.trim();
  if (kind === 'smtp' && !EMAIL.test(r)) return r ? `接收邮箱格式不正确：${r}` : '请填写接收测试邮件的邮箱';
  if ((kind === 'aliyun-sms' || kind === 'tencent-sms') && !MOBILE.test(r)) return r ? `手机号格式不正确：${r}` : '请填写接收测试短信的手机号';
  return undefined;
}

/** The field errors a refusal carries (`obj.fieldErrors`), or none. */
export function fieldErrorsOf(obj: unknown): NotifyFieldErrors | undefined {
  const errors = obj && typeof obj === 'object' ? (obj as { fieldErrors?: unknown }).fieldErrors : undefined;
  if (!errors || typeof errors !== 'object') return undefined;
  const list = Object.entries(errors).filter((e): e is [string, string] => typeof e[1] === 'string');
  return list.length ? Object.fromEntries(list) : undefined;
}

/** A channel as the console sees it: every secret masked. */
export interface NotifyChannelView {
  id: number;
  kind: NotifyChannelKind;
  name: string;
  enabled: boolean;
  /** Every field as text; secrets masked (`****abcd`), an absent one ''. */
  values: Record<string, string>;
}

export interface NotifyChannelSaveBody {
  /** Absent: a new channel. */
  id?: number;
  kind: NotifyChannelKind;
  name: string;
  enabled: boolean;
  /** Every field as text; a secret left as its masked value keeps the stored one. */
  values: Record<string, string>;
}

export interface NotifyTestAnswer {
  /** The provider took the message. */
  accepted: boolean;
  /** The provider's own answer (status and body, the SMTP response) or the error. */
  providerAnswer: string;
  /** The outcome in a sentence. */
  message: string;
}

/**
 * 推送记录's statuses; 仅记录日志 is a delivery made to the server log (no provider configured);
 * 已跳过: a rule chose a channel that is disabled or deleted (the record says which).
 */
export const NOTIFY_RECORD_STATUSES = ['待发送', '已送达', '推送失败', '已跳过'] as const;
export const NOTIFY_LOG_ONLY = '仅记录日志';

/** The outbox channels of 推送记录. */
export const NOTIFY_RECORD_CHANNELS: Record<string, string> = {
  webhook: 'Webhook',
  email: '邮件',
  sms: '短信',
  dingtalk: '钉钉',
  wecom: '企业微信',
  feishu: '飞书',
  removed: '已删除的渠道',
};

/** One delivery in 推送记录 (recipient masked). */
export interface NotifyRecord {
  id: number;
  alarmId: number | null;
  /** 告警推送, 升级推送, or a text message's: 登录验证码, 绑定手机验证码, 租约逾期. */
  purpose: string;
  /** Alarm type name, e.g. 紧急报警; a text message's purpose. */
  alarmName: string;
  /** Plate, name or terminal number. */
  asset: string;
  /** China time, YYYY-MM-DD HH:mm:ss. */
  alarmTime: string;
  channel: string;
  /** 邮件, 短信 … with the robot's name when it has one. */
  channelName: string;
  recipient: string;
  tries: number;
  /** 待发送 | 已送达 | 推送失败 | 已跳过 | 仅记录日志 (delivered to the log). */
  status: string;
  /** When it was queued, China time. */
  createTime: string;
  deliveredTime: string | null;
  lastError: string | null;
  /** 升级推送, 合并发送 (with the record that carried it), 免打扰暂缓至 … ; '' for a plain delivery. */
  note: string;
}

/** The recipient column of a delivery: a robot's group has no recipient of its own; a deleted channel's skip none at all. */
export function recordRecipient(r: Pick<NotifyRecord, 'channel' | 'recipient'>): string {
  if (r.recipient) return r.recipient;
  return r.channel === 'dingtalk' || r.channel === 'wecom' || r.channel === 'feishu' ? '群机器人' : '—';
}

/** Deliveries one export of 推送记录 writes at most: the newest first; a filter matching more exports only these. */
export const NOTIFY_EXPORT_LIMIT = BACKGROUND_EXPORT_LIMIT;

/** An export of 推送记录 started: its 下载中心 record, and how many deliveries matched and go into the file. */
export interface NotifyRecordExport {
  id: number;
  fileName: string;
  /** Deliveries the filter matched when the export started. */
  total: number;
  /** Deliveries written: all of them, or the newest {@link NOTIFY_EXPORT_LIMIT}. */
  exported: number;
}

export interface NotifyRecordQuery {
  current: number;
  pageSize: number;
  /** China time, YYYY-MM-DD HH:mm:ss or YYYY-MM-DD. */
  startTime?: string;
  endTime?: string;
  status?: string;
  channel?: string;
}

/**
 * A recipient as shown anywhere: a mobile number 138****1234, a mail address a***@x.com, a URL its
 * scheme and host only; a robot (no recipient) ''.
 */
export function maskRecipient(recipient: string): string {
  const r = recipient.trim();
  if (!r) return '';
  const phone = /^(\+?\d{0,4}?)(1\d{2})\d{4}(\d{4})$/.exec(r);
  if (phone) return `${phone[1]}${phone[2]}****${phone[3]}`;
  const at = r.lastIndexOf('@');
  if (at > 0 && !r.includes('/')) return `${r[0]}***${r.slice(at)}`;
  try {
    const url = new URL(r);
    return `${url.protocol}//${url.host}/****`;
  } catch {
    return r.length <= 4 ? '****' : `${r.slice(0, 2)}****${r.slice(-2)}`;
  }
}

/** Provider answers and errors may quote the recipient: every mobile number and mail address in them masked. */
export function maskRecipientsIn(text: string): string {
  return text
    .replace(/[^\s@<>"',;:()[\]]+@[^\s@<>"',;:()[\]]+\.[A-Za-z]{2,}/g, (m) => maskRecipient(m))
    .replace(/(?<!\d)(1[3-9]\d)\d{4}(\d{4})(?!\d)/g, '$1****$2');
}
