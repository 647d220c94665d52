import { createHmac } from 'node:crypto';
import { describeAnswer, failure, httpExchange, parseJson, type HttpChannelOptions, type NotifyChannel, type NotifyMessage, type SendResult } from './channel';

/**
 * 飞书 custom bot (自定义机器人). Documented at
 * https://open.feishu.cn/document/client-docs/bot-v3/add-custom-bot (签名校验): POST the webhook
 * (https://open.feishu.cn/open-apis/bot/v2/hook/…) with `timestamp` (seconds, as a string) and
 * `sign` = base64(HmacSHA256(key = timestamp + "\n" + secret, msg = "")) in the body next to
 * `msg_type` and `content`. The answer is `{"code":0,"msg":"success"}`; code 9499 / 11232 are
 * rate limits.
 */
export interface FeishuConfig {
  url: string;
  /** 签名校验 secret; without it the bot is secured by keywords or IP. */
  secret?: string;
}

/** The documented signature: the HMAC key is `${timestamp}\n${secret}` and the message is empty. */
export function feishuSign(secret: string, timestampSeconds: number): string {
  return createHmac('sha256', `${timestampSeconds}\n${secret}`).update('').digest('base64');
}

const RATE_LIMITED = new Set([9499, 11232]);

export class FeishuChannel implements NotifyChannel {
  constructor(private readonly config: FeishuConfig, private readonly opts: HttpChannelOptions = {}) {}

  async send(message: NotifyMessage): Promise<SendResult> {
    const body: Record<string, unknown> = { msg_type: 'text', content: { text: message.text } };
    if (this.config.secret) {
      const timestamp = Math.floor((this.opts.now?.() ?? new Date()).getTime() / 1000);
      body.timestamp = String(timestamp);
      body.sign = feishuSign(this.config.secret, timestamp);
    }
    const answer = await httpExchange(this.config.url, {
      method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(body),
    }, this.opts);
    if ('error' in answer || answer.status !== 200) return failure(answer);
    const json = parseJson(answer.body);
    // older bots answer StatusCode, newer ones code
    const code = Number(json?.code ?? json?.StatusCode ?? NaN);
    if (code === 0) return { accepted: true, providerAnswer: describeAnswer(answer), retryable: false };
    return { accepted: false, providerAnswer: describeAnswer(answer), retryable: RATE_LIMITED.has(code) || Number.isNaN(code) };
  }
}
