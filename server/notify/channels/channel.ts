/**
 * The common shape of every way an alarm leaves the platform (告警推送): e-mail, SMS through 阿里云
 * or 腾讯云, the 钉钉, 企业微信 and 飞书 group robots, and the generic signed webhook.
 */

/** What is delivered: the same alarm rendered for each kind of channel. */
export interface NotifyMessage {
  /** E-mail subject, markdown title. */
  subject: string;
  /** Plain text (SMS through the log, robots' text messages, e-mail body). */
  text: string;
  /** Named values for SMS templates (阿里云 TemplateParam, 腾讯云 TemplateParamSet in the configured order). */
  fields: Record<string, string>;
  /** The structured event for the generic webhook (the alarm JSON). */
  data?: unknown;
  /** One delivery, however often it is tried: the webhook sends it as Idempotency-Key. */
  idempotencyKey: string;
}

/** A channel's answer to one attempt. */
export interface SendResult {
  /** The provider took the message. */
  accepted: boolean;
  /** What the provider answered (status and body, SMTP response), shown in 推送记录 and by 发送测试. */
  providerAnswer: string;
  /** Not accepted, and worth trying again later (network, timeout, 5xx, rate limit). */
  retryable: boolean;
}

export interface NotifyChannel {
  /** E-mail address (smtp), phone number (SMS); robots and webhooks ignore it (their address is configured). */
  send(message: NotifyMessage, recipient: string): Promise<SendResult>;
}

export const CHANNEL_KINDS = ['smtp', 'aliyun-sms', 'tencent-sms', 'dingtalk', 'wecom', 'feishu', 'webhook'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** Options every HTTP channel takes. */
export interface HttpChannelOptions {
  /** An answer not received within this time counts as a retryable failure. Default 10000. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** The clock used for timestamps in signatures; tests fix it. */
  now?: () => Date;
}

/** An HTTP exchange: the status and body text, or the error that prevented one. */
export type HttpAnswer = { status: number; body: string } | { error: string };

const MAX_ANSWER = 500;

/** Sends one request and reads the whole answer (bounded); network errors and timeouts come back as `error`. */
export async function httpExchange(url: string, init: RequestInit, opts: HttpChannelOptions): Promise<HttpAnswer> {
  const doFetch = opts.fetch ?? fetch;
  try {
    const res = await doFetch(url, { ...init, signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000), redirect: 'manual' });
    const body = await res.text();
    return { status: res.status, body: body.slice(0, 4000) };
  } catch (err) {
    return { error: err instanceof Error ? (err.cause instanceof Error ? `${err.message}: ${err.cause.message}` : err.message) : String(err) };
  }
}

/** The answer as one line for 推送记录: `HTTP 200 {"errcode":0}` or the error. */
export function describeAnswer(answer: HttpAnswer): string {
  const text = 'error' in answer ? `网络错误：${answer.error}` : `HTTP ${answer.status} ${answer.body}`;
  return text.length > MAX_ANSWER ? `${text.slice(0, MAX_ANSWER)}…` : text;
}

/** HTTP statuses worth another try: 408, 425, 429 and every 5xx. */
export function retryableStatus(status: number): boolean {
  return status === 408 || status === 425 || status === 429 || status >= 500;
}

/** A failed exchange: network errors and retryable statuses try again, other answers do not. */
export function failure(answer: HttpAnswer): SendResult {
  return { accepted: false, providerAnswer: describeAnswer(answer), retryable: 'error' in answer || retryableStatus(answer.status) };
}

/** The body as JSON, or undefined when it is not. */
export function parseJson(body: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(body);
    return v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
