import { createHmac, timingSafeEqual } from 'node:crypto';
import { describeAnswer, failure, httpExchange, type HttpChannelOptions, type NotifyChannel, type NotifyMessage, type SendResult } from './channel';

/**
 * The generic webhook: the alarm JSON POSTed to the tenant's URL, signed so the receiver can tell
 * it came from this platform and is fresh.
 *
 * Headers:
 * - `X-Tianlu-Timestamp`: seconds since the epoch when the request was signed;
 * - `X-Tianlu-Signature`: `sha256=` + hex(HMAC-SHA256(key = tenant secret, msg = timestamp + "." + raw body));
 * - `Idempotency-Key`: the same for every try of one delivery (a receiver that saw it answers 2xx and skips it).
 *
 * A receiver recomputes the signature over the raw body bytes, compares in constant time and
 * rejects a timestamp more than {@link WEBHOOK_REPLAY_WINDOW_SECONDS} from its own clock (replay
 * window), then de-duplicates on Idempotency-Key within that window. 2xx: delivered; 408, 425,
 * 429, 5xx and network errors: tried again with backoff; other statuses: given up.
 */
export interface WebhookConfig {
  url: string;
  /** The tenant's signing secret. */
  secret: string;
}

/** How far a webhook timestamp may be from the receiver's clock, seconds. */
export const WEBHOOK_REPLAY_WINDOW_SECONDS = 300;

export function webhookSignature(secret: string, timestampSeconds: number | string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestampSeconds}.${body}`, 'utf8').digest('hex')}`;
}

/** What a receiver does: true when the signature matches and the timestamp is within the replay window. */
export function verifyWebhook(secret: string, headers: { timestamp?: string; signature?: string }, body: string, now = new Date(), windowSeconds = WEBHOOK_REPLAY_WINDOW_SECONDS): boolean {
  const ts = Number(headers.timestamp);
  if (!headers.timestamp || !Number.isInteger(ts) || !headers.signature) return false;
  if (Math.abs(now.getTime() / 1000 - ts) > windowSeconds) return false;
  const want = Buffer.from(webhookSignature(secret, headers.timestamp, body));
  const got = Buffer.from(headers.signature);
  return want.length === got.length && timingSafeEqual(want, got);
}

export class WebhookChannel implements NotifyChannel {
  constructor(private readonly config: WebhookConfig, private readonly opts: HttpChannelOptions = {}) {}

  async send(message: NotifyMessage): Promise<SendResult> {
    const body = JSON.stringify(message.data ?? { subject: message.subject, text: message.text });
    const timestamp = Math.floor((this.opts.now?.() ?? new Date()).getTime() / 1000);
    const answer = await httpExchange(this.config.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'x-tianlu-event': 'alarm',
        'x-tianlu-timestamp': String(timestamp),
        'x-tianlu-signature': webhookSignature(this.config.secret, timestamp, body),
        'idempotency-key': message.idempotencyKey,
      },
      body,
    }, this.opts);
    if ('error' in answer || answer.status < 200 || answer.status >= 300) return failure(answer);
    return { accepted: true, providerAnswer: describeAnswer(answer), retryable: false };
  }
}
