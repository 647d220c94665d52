/**
 * Where a text goes when neither the user's tenant nor the platform has an SMS channel in 推送渠道
 * (SMS_PROVIDER); the channels themselves send through 阿里云 or 腾讯云.
 */
export interface SmsProvider {
  send(phone: string, text: string): Promise<void>;
}

interface InfoLogger {
  info(obj: object, msg: string): void;
}

/** Development provider: writes the message to the server log instead of sending it. */
export class LogSmsProvider implements SmsProvider {
  constructor(private readonly log: InfoLogger) {}

  async send(phone: string, text: string): Promise<void> {
    this.log.info({ phone, sms: text }, `短信（未发送，开发模式）→ ${phone}: ${text}`);
  }
}

/** Picks the provider named by SMS_PROVIDER; undefined (none): such texts are not sent, and SMS login is off until the platform has an SMS channel. */
export function createSmsProvider(name: string, log: InfoLogger): SmsProvider | undefined {
  switch (name) {
    case 'log':
      return new LogSmsProvider(log);
    case 'none':
    case 'off':
      return undefined;
    default:
      throw new Error(`unknown SMS_PROVIDER "${name}" (supported: log, none)`);
  }
}
