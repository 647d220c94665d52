import { createHash, createHmac } from 'node:crypto';
import { describeAnswer, failure, httpExchange, parseJson, type HttpChannelOptions, type NotifyChannel, type NotifyMessage, type SendResult } from './channel';

/**
 * 腾讯云短信 SendSms (API 2021-01-11) signed with TC3-HMAC-SHA256, documented at
 * https://cloud.tencent.com/document/api/382/52072 (签名方法 v3) and
 * https://cloud.tencent.com/document/api/382/55981 (SendSms): POST JSON to
 * https://sms.tencentcloudapi.com/ with X-TC-Action, X-TC-Version, X-TC-Region, X-TC-Timestamp and
 * Authorization = "TC3-HMAC-SHA256 Credential=SecretId/Date/sms/tc3_request,
 * SignedHeaders=content-type;host, Signature=…", the signature being
 * hex(HMAC(HMAC(HMAC(HMAC("TC3"+SecretKey, Date), service), "tc3_request"), StringToSign)).
 */
export interface TencentSmsConfig {
  secretId: string;
  secretKey: string;
  /** 短信 SdkAppId. */
  smsSdkAppId: string;
  /** 短信签名内容. */
  signName: string;
  templateId: string;
  /** The message fields filling the template's {1}, {2}, … in this order. */
  templateParams: string[];
  /** Default https://sms.tencentcloudapi.com/. */
  endpoint?: string;
  region?: string;
}

const CONTENT_TYPE = 'application/json; charset=utf-8';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

export interface Tc3Request {
  secretId: string;
  secretKey: string;
  /** The product, e.g. sms or cvm. */
  service: string;
  host: string;
  payload: string;
  timestampSeconds: number;
}

/** The documented TC3-HMAC-SHA256 steps; returns the intermediate values the documentation shows, and the Authorization header. */
export function tc3Sign(req: Tc3Request): { hashedPayload: string; canonicalRequest: string; stringToSign: string; signature: string; authorization: string } {
  const date = new Date(req.timestampSeconds * 1000).toISOString().slice(0, 10);
  const hashedPayload = sha256Hex(req.payload);
  const signedHeaders = 'content-type;host';
  const canonicalRequest = ['POST', '/', '', `content-type:${CONTENT_TYPE}\nhost:${req.host}\n`, signedHeaders, hashedPayload].join('\n');
  const scope = `${date}/${req.service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(req.timestampSeconds), scope, sha256Hex(canonicalRequest)].join('\n');
  const signing = hmac(hmac(hmac(`TC3${req.secretKey}`, date), req.service), 'tc3_request');
  const signature = createHmac('sha256', signing).update(stringToSign, 'utf8').digest('hex');
  return {
    hashedPayload, canonicalRequest, stringToSign, signature,
    authorization: `TC3-HMAC-SHA256 Credential=${req.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

/** Mainland numbers get +86 (the API wants E.164). */
function e164(phone: string): string {
  return phone.startsWith('+') ? phone : `+86${phone}`;
}

/** Error codes of a busy or rate-limited service: worth another try. */
const RETRYABLE_CODES = /^(InternalError|RequestLimitExceeded|LimitExceeded)/;

export class TencentSmsChannel implements NotifyChannel {
  constructor(private readonly config: TencentSmsConfig, private readonly opts: HttpChannelOptions = {}) {}

  async send(message: NotifyMessage, phone: string): Promise<SendResult> {
    const endpoint = new URL(this.config.endpoint ?? 'https://sms.tencentcloudapi.com/');
    const payload = JSON.stringify({
      PhoneNumberSet: [e164(phone)],
      SmsSdkAppId: this.config.smsSdkAppId,
      SignName: this.config.signName,
      TemplateId: this.config.templateId,
      TemplateParamSet: this.config.templateParams.map((name) => message.fields[name] ?? ''),
    });
    const timestampSeconds = Math.floor((this.opts.now?.() ?? new Date()).getTime() / 1000);
    const { authorization } = tc3Sign({ secretId: this.config.secretId, secretKey: this.config.secretKey, service: 'sms', host: endpoint.host, payload, timestampSeconds });
    const answer = await httpExchange(endpoint.toString(), {
      method: 'POST',
      headers: {
        // Host is the endpoint's host as fetch sends it (with a non-default port), the one signed
        authorization, 'content-type': CONTENT_TYPE,
        'x-tc-action': 'SendSms', 'x-tc-version': '2021-01-11', 'x-tc-region': this.config.region ?? 'ap-guangzhou', 'x-tc-timestamp': String(timestampSeconds),
      },
      body: payload,
    }, this.opts);
    if ('error' in answer || answer.status !== 200) return failure(answer);
    const response = parseJson(answer.body)?.Response as { Error?: { Code?: string }; SendStatusSet?: { Code?: string }[] } | undefined;
    if (response?.Error) return { accepted: false, providerAnswer: describeAnswer(answer), retryable: RETRYABLE_CODES.test(response.Error.Code ?? '') };
    const status = response?.SendStatusSet?.[0]?.Code;
    if (status === 'Ok') return { accepted: true, providerAnswer: describeAnswer(answer), retryable: false };
    return { accepted: false, providerAnswer: describeAnswer(answer), retryable: RETRYABLE_CODES.test(status ?? '') };
  }
}
