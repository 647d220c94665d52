import { createHmac } from 'node:crypto';
import { describeAnswer, failure, httpExchange, parseJson, type HttpChannelOptions, type NotifyChannel, type NotifyMessage, type SendResult } from './channel';

/**
 * 钉钉 custom group robot (自定义机器人). Documented at
 * https://open.dingtalk.com/document/robots/customize-robot-security-settings (加签) and
 * https://open.dingtalk.com/document/orgapp/custom-robots-send-group-messages (message types):
 * POST the webhook URL (…/robot/send?access_token=…) with `timestamp` (ms) and
 * `sign` = urlencode(base64(HmacSHA256(key = secret, msg = timestamp + "\n" + secret))) appended;
 * the body is `{"msgtype":"text","text":{"content":…}}` or markdown `{title, text}`.
 * The answer is `{"errcode":0,"errmsg":"ok"}`; errcode 130101 (发送太快) is a rate limit.
 */
export interface DingtalkConfig {
  /** The robot's webhook, with its access_token. */
  url: string;
  /** 加签 secret (SEC…); without it the robot must be secured by keywords or IP. */
  secret?: string;
  msgtype?: 'text' | 'markdown';
}

/** The documented 加签: base64(HmacSHA256(secret, `${timestamp}\n${secret}`)), before URL encoding. */
export function dingtalkSign(secret: string, timestampMs: number): string {
  return createHmac('sha256', secret).update(`${timestampMs}\n${secret}`, 'utf8').digest('base64');
}

export function dingtalkBody(message: NotifyMessage, msgtype: 'text' | 'markdown' = 'text'): object {
  return msgtype === 'markdown'
    ? { msgtype: 'markdown', markdown: { title: message.subject, text: `### ${message.subject}\n\n${message.text}` } }
    : { msgtype: 'text', text: { content: message.text } };
}

const RATE_LIMITED = new Set([130101, -1]);

export class DingtalkChannel implements NotifyChannel {
  constructor(private readonly config: DingtalkConfig, private readonly opts: HttpChannelOptions = {}) {}

  async send(message: NotifyMessage): Promise<SendResult> {
    const url = new URL(this.config.url);
    if (this.config.secret) {
      const timestamp = (this.opts.now?.() ?? new Date()).getTime();
      url.searchParams.set('timestamp', String(timestamp));
      url.searchParams.set('sign', dingtalkSign(this.config.secret, timestamp));
    }
    const answer = await httpExchange(url.toString(), {
      method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(dingtalkBody(message, this.config.msgtype)),
    }, this.opts);
    if ('error' in answer || answer.status !== 200) return failure(answer);
    const errcode = Number(parseJson(answer.body)?.errcode ?? NaN);
    if (errcode === 0) return { accepted: true, providerAnswer: describeAnswer(answer), retryable: false };
    return { accepted: false, providerAnswer: describeAnswer(answer), retryable: RATE_LIMITED.has(errcode) || Number.isNaN(errcode) };
  }
}
