import { describeAnswer, failure, httpExchange, parseJson, type HttpChannelOptions, type NotifyChannel, type NotifyMessage, type SendResult } from './channel';

/**
 * 企业微信 group robot (群机器人). Documented at https://developer.work.weixin.qq.com/document/path/91770:
 * POST https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=KEY, the key in the URL being the only
 * credential; the body is `{"msgtype":"text","text":{"content":…}}` or
 * `{"msgtype":"markdown","markdown":{"content":…}}`. The answer is `{"errcode":0,"errmsg":"ok"}`;
 * errcode 45009 is the robot's rate limit (20 messages a minute).
 */
export interface WecomConfig {
  /** The robot's webhook URL with its key. */
  url: string;
  msgtype?: 'text' | 'markdown';
}

export function wecomBody(message: NotifyMessage, msgtype: 'text' | 'markdown' = 'text'): object {
  return msgtype === 'markdown'
    ? { msgtype: 'markdown', markdown: { content: `**${message.subject}**\n${message.text}` } }
    : { msgtype: 'text', text: { content: message.text } };
}

const RATE_LIMITED = new Set([45009, -1]);

export class WecomChannel implements NotifyChannel {
  constructor(private readonly config: WecomConfig, private readonly opts: HttpChannelOptions = {}) {}

  async send(message: NotifyMessage): Promise<SendResult> {
    const answer = await httpExchange(this.config.url, {
      method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(wecomBody(message, this.config.msgtype)),
    }, this.opts);
    if ('error' in answer || answer.status !== 200) return failure(answer);
    const errcode = Number(parseJson(answer.body)?.errcode ?? NaN);
    if (errcode === 0) return { accepted: true, providerAnswer: describeAnswer(answer), retryable: false };
    return { accepted: false, providerAnswer: describeAnswer(answer), retryable: RATE_LIMITED.has(errcode) || Number.isNaN(errcode) };
  }
}
