import { randomUUID } from 'node:crypto';
import { maskRecipient, SMS_CODE_VARS, SMS_LEASE_VARS } from '../../sdk/notify-channels';
import type { SmsProvider } from '../auth/sms-provider';
import type { Store } from '../store/create-store';
import type { StoredChannel } from '../store/notify-queries';
import { AliyunSmsChannel, type AliyunSmsConfig } from './channels/aliyun-sms';
import type { HttpChannelOptions, NotifyChannel, SendResult } from './channels/channel';
import { TencentSmsChannel, type TencentSmsConfig } from './channels/tencent-sms';
import type { SecretBox } from './secret-box';

/** What a text message is for; each has its own template in the SMS channel. */
export type TextPurpose = 'login-code' | 'bind-code' | 'lease-overdue';

/** The purposes as 推送记录 names them. */
export const TEXT_PURPOSE_NAMES: Record<TextPurpose, string> = {
  'login-code': '登录验证码',
  'bind-code': '绑定手机验证码',
  'lease-overdue': '租约逾期',
};

/** The template a purpose uses: the verification code one or the lease overdue one. */
const TEMPLATE_OF: Record<TextPurpose, 'code' | 'lease'> = { 'login-code': 'code', 'bind-code': 'code', 'lease-overdue': 'lease' };
const TEMPLATE_NAMES = { code: '验证码', lease: '租约逾期' } as const;
/** A 腾讯云 channel without its own parameter order fills the template's {1}, {2} … in this one. */
const DEFAULT_PARAMS = { code: ['code'], lease: [...SMS_LEASE_VARS] } as const;
/** The variables a 阿里云 template of each kind gets (TemplateParam names exactly these). */
const ALIYUN_VARS = { code: ['code'], lease: [...SMS_LEASE_VARS] } as const;

export interface TextMessage {
  /** Whose channel it goes through (the platform's when this tenant has none). */
  tenantId: number;
  phone: string;
  purpose: TextPurpose;
  /** The whole text, for the log fallback. */
  text: string;
  /** The template variables: code and minutes, or name, plate, contract, endDate and days. */
  fields: Record<string, string>;
  /** Values that must never reach 推送记录 or the log of a real send (the code); masked in the provider's answer too. */
  secret?: string;
}

/** How a text went: `sent` false when no provider took it (the user is told). */
export interface TextOutcome {
  sent: boolean;
  /** Written to the server log instead (no channel, SMS_PROVIDER=log). */
  toLog: boolean;
  /** The provider's answer or why it was not sent, the secret masked. */
  answer: string;
}

/** Sends text messages through the tenant's SMS channel (modules get this). */
export interface TextMessages {
  send(message: TextMessage): Promise<TextOutcome>;
  /** Whether a text of this purpose to a user of the tenant (none: any user) has somewhere to go. */
  available(purpose: TextPurpose, tenantId?: number): Promise<boolean>;
}

interface TextLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface TextMessageOptions {
  store: Store;
  /** The box the channels' secrets are opened with (the notify key). */
  box: () => Promise<SecretBox>;
  /** SMS_PROVIDER: where a text goes when neither the tenant nor the platform has an SMS channel; undefined: nowhere. */
  fallback: SmsProvider | undefined;
  log: TextLog;
  now: () => Date;
  http?: HttpChannelOptions;
}

/** Where a text goes: a channel; a tenant's channels without the purpose's template; the fallback; nowhere. */
type Route =
  | { kind: 'channel'; channel: StoredChannel; platform: boolean }
  | { kind: 'missing'; channel: StoredChannel; template: 'code' | 'lease' }
  | { kind: 'fallback'; provider: SmsProvider }
  | { kind: 'none' };

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The purpose's template in a channel's configuration, or undefined when it has none. */
function templateOf(c: StoredChannel, template: 'code' | 'lease'): { id: string; params: string[] } | undefined {
  if (c.kind === 'aliyun-sms') {
    const id = text(c.config[template === 'code' ? 'codeTemplateCode' : 'leaseTemplateCode']);
    return id ? { id, params: [] } : undefined;
  }
  const id = text(c.config[template === 'code' ? 'codeTemplateId' : 'leaseTemplateId']);
  const params = c.config[template === 'code' ? 'codeTemplateParams' : 'leaseTemplateParams'];
  const list = Array.isArray(params) && params.length > 0 ? params.map(String) : [...DEFAULT_PARAMS[template]];
  return id ? { id, params: list } : undefined;
}

const scrub = (value: string, secret: string | undefined) => (secret ? value.split(secret).join('******') : value);

/**
 * Text messages (登录验证码, 绑定手机验证码, 租约逾期) through the same SMS channels as 告警推送:
 * the tenant's enabled 阿里云 or 腾讯云 channel that carries the purpose's template, else the
 * platform tenant's, else SMS_PROVIDER (`log`: the server log, the demo). Sent at once (a code
 * must not wait for a poll) and put on record in 推送记录 with the purpose, the masked phone, the
 * status and the provider's answer; the code itself never goes on record nor into the log of a
 * real send.
 */
export class TextMessageService implements TextMessages {
  constructor(private readonly opts: TextMessageOptions) {}

  private async route(purpose: TextPurpose, tenantId: number | undefined): Promise<Route> {
    const { notify } = this.opts.store;
    const template = TEMPLATE_OF[purpose];
    const platformId = await notify.platformTenantId();
    const tiers = [...new Set([tenantId, platformId].filter((t): t is number => t !== undefined))];
    let withoutTemplate: StoredChannel | undefined;
    for (const t of tiers) {
      const channels = await notify.smsChannels(t);
      const carrying = channels.find((c) => templateOf(c, template));
      if (carrying) return { kind: 'channel', channel: carrying, platform: t !== tenantId };
      withoutTemplate ??= channels[0];
    }
    if (withoutTemplate) return { kind: 'missing', channel: withoutTemplate, template };
    return this.opts.fallback ? { kind: 'fallback', provider: this.opts.fallback } : { kind: 'none' };
  }

  async available(purpose: TextPurpose, tenantId?: number): Promise<boolean> {
    return (await this.route(purpose, tenantId)).kind !== 'none';
  }

  private async channelOf(c: StoredChannel, template: 'code' | 'lease'): Promise<NotifyChannel> {
    const settings = { ...c.config, ...(c.secret ? (await this.opts.box()).open(c.secret) : {}) };
    const t = templateOf(c, template)!;
    // signatures carry the real time (the providers compare it with their clocks)
    const http = this.opts.http ?? {};
    if (c.kind === 'aliyun-sms') {
      return new AliyunSmsChannel({ ...(settings as unknown as AliyunSmsConfig), templateCode: t.id }, http);
    }
    return new TencentSmsChannel({ ...(settings as unknown as TencentSmsConfig), templateId: t.id, templateParams: t.params }, http);
  }

  async send(m: TextMessage): Promise<TextOutcome> {
    const route = await this.route(m.purpose, m.tenantId);
    const at = this.opts.now();
    const key = `text-${m.purpose}-${randomUUID()}`;
    const base = { tenantId: m.tenantId, recipient: m.phone, purpose: m.purpose, key, at };
    const logged = { tenantId: m.tenantId, purpose: m.purpose, phone: maskRecipient(m.phone) };
    switch (route.kind) {
      case 'none': {
        const answer = '未配置短信渠道，短信未发送';
        await this.opts.store.notify.recordText({ ...base, channelId: null, tries: 0, outcome: { accepted: false, error: answer } });
        return { sent: false, toLog: false, answer };
      }
      case 'fallback': {
        // the demo: the text (a code included) goes to the server log, as the record says
        try {
          await route.provider.send(m.phone, m.text);
        } catch (err) {
          const answer = scrub(err instanceof Error ? err.message : String(err), m.secret);
          await this.opts.store.notify.recordText({ ...base, channelId: null, tries: 1, outcome: { accepted: false, error: answer } });
          this.opts.log.warn({ ...logged, answer }, '短信发送失败');
          return { sent: false, toLog: false, answer };
        }
        const answer = '未配置短信渠道，已写入服务器日志';
        await this.opts.store.notify.recordText({ ...base, channelId: null, tries: 1, outcome: { accepted: true, providerAnswer: answer, toLog: true } });
        return { sent: true, toLog: true, answer };
      }
      case 'missing': {
        const answer = `短信渠道未配置${TEMPLATE_NAMES[route.template]}模板，短信未发送`;
        await this.opts.store.notify.recordText({ ...base, channelId: route.channel.id, tries: 0, outcome: { accepted: false, error: answer } });
        this.opts.log.warn({ ...logged, channelId: route.channel.id }, answer);
        return { sent: false, toLog: false, answer };
      }
      case 'channel': {
        const template = TEMPLATE_OF[m.purpose];
        const names = route.channel.kind === 'aliyun-sms' ? ALIYUN_VARS[template] : templateOf(route.channel, template)!.params;
        const fields = Object.fromEntries(names.map((n) => [n, m.fields[n] ?? '']));
        let result: SendResult;
        try {
          const channel = await this.channelOf(route.channel, template);
          result = await channel.send({ subject: TEXT_PURPOSE_NAMES[m.purpose], text: m.text, fields, idempotencyKey: key }, m.phone);
        } catch (err) {
          result = { accepted: false, providerAnswer: err instanceof Error ? err.message : String(err), retryable: false };
        }
        const answer = scrub(result.providerAnswer, m.secret);
        const via = route.platform ? `平台短信渠道：${answer}` : answer;
        await this.opts.store.notify.recordText({
          ...base, channelId: route.channel.id, tries: 1,
          outcome: result.accepted ? { accepted: true, providerAnswer: via, toLog: false } : { accepted: false, error: via },
        });
        if (result.accepted) this.opts.log.info({ ...logged, channelId: route.channel.id }, '短信已发送');
        else this.opts.log.warn({ ...logged, channelId: route.channel.id, answer }, '短信发送失败');
        return { sent: result.accepted, toLog: false, answer };
      }
    }
  }
}

/** The verification code's template variables. */
export function codeFields(code: string, minutes: number): Record<(typeof SMS_CODE_VARS)[number], string> {
  return { code, minutes: String(minutes) };
}
