import { createTransport, type Transporter } from 'nodemailer';
import type { NotifyChannel, NotifyMessage, SendResult } from './channel';

/**
 * E-mail over SMTP (nodemailer). TLS either from the first byte (`secure`, port 465) or by
 * STARTTLS, which `requireTLS` makes mandatory (port 587); AUTH with user and password when set.
 * Permanent refusals (5xx replies) are not tried again; 4xx replies and network errors are.
 */
export interface SmtpConfig {
  host: string;
  port: number;
  /** Implicit TLS (SMTPS, usually 465). */
  secure?: boolean;
  /** Refuse to send unless STARTTLS succeeds (with `secure` false). */
  requireTLS?: boolean;
  user?: string;
  password?: string;
  /** The From address, e.g. "天路告警 <alarm@example.com>". */
  from: string;
  /** PEM of a private CA the server's certificate is checked against (company mail servers). */
  ca?: string;
  /** An answer not received within this time counts as a retryable failure. Default 10000. */
  timeoutMs?: number;
}

export class SmtpChannel implements NotifyChannel {
  private readonly transport: Transporter;

  constructor(private readonly config: SmtpConfig) {
    const timeout = config.timeoutMs ?? 10_000;
    this.transport = createTransport({
      host: config.host,
      port: config.port,
      secure: config.secure ?? false,
      requireTLS: config.requireTLS ?? false,
      ...(config.user ? { auth: { user: config.user, pass: config.password ?? '' } } : {}),
      ...(config.ca ? { tls: { ca: config.ca } } : {}),
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    });
  }

  async send(message: NotifyMessage, to: string): Promise<SendResult> {
    try {
      const info = await this.transport.sendMail({
        from: this.config.from, to, subject: message.subject, text: message.text,
        headers: { 'X-Tianlu-Idempotency-Key': message.idempotencyKey },
      });
      const accepted = (info.accepted ?? []).map(String).includes(to);
      return { accepted, providerAnswer: String(info.response ?? ''), retryable: false };
    } catch (err) {
      const e = err as Error & { responseCode?: number; response?: string };
      const text = e.response ?? e.message;
      return { accepted: false, providerAnswer: e.responseCode ? `SMTP ${e.responseCode} ${text}` : `SMTP 错误：${text}`, retryable: !(e.responseCode && e.responseCode >= 500) };
    }
  }
}
