import { AliyunSmsChannel, type AliyunSmsConfig } from './channels/aliyun-sms';
import type { HttpChannelOptions, NotifyChannel } from './channels/channel';
import { DingtalkChannel, type DingtalkConfig } from './channels/dingtalk';
import { FeishuChannel, type FeishuConfig } from './channels/feishu';
import { SmtpChannel, type SmtpConfig } from './channels/smtp';
import { TencentSmsChannel, type TencentSmsConfig } from './channels/tencent-sms';
import { WebhookChannel, type WebhookConfig } from './channels/webhook';
import { WecomChannel, type WecomConfig } from './channels/wecom';

/** A channel of a kind from its settings (configuration and opened secrets merged); undefined for an unknown kind. */
export function channelOfKind(kind: string, settings: Record<string, unknown>, http: HttpChannelOptions = {}): NotifyChannel | undefined {
  switch (kind) {
    case 'smtp':
      return new SmtpChannel(settings as unknown as SmtpConfig);
    case 'aliyun-sms':
      return new AliyunSmsChannel(settings as unknown as AliyunSmsConfig, http);
    case 'tencent-sms':
      return new TencentSmsChannel(settings as unknown as TencentSmsConfig, http);
    case 'dingtalk':
      return new DingtalkChannel(settings as unknown as DingtalkConfig, http);
    case 'wecom':
      return new WecomChannel(settings as unknown as WecomConfig, http);
    case 'feishu':
      return new FeishuChannel(settings as unknown as FeishuConfig, http);
    case 'webhook':
      return new WebhookChannel(settings as unknown as WebhookConfig, http);
    default:
      return undefined;
  }
}
