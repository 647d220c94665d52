import { createHmac, randomUUID } from 'node:crypto';
import { describeAnswer, failure, httpExchange, parseJson, type HttpChannelOptions, type NotifyChannel, type NotifyMessage, type SendResult } from './channel';

/**
 * 阿里云短信 SendSms (API version 2017-05-25) with the RPC signature (SignatureVersion 1.0,
 * HMAC-SHA1), documented at https://help.aliyun.com/document_detail/101343.html (短信服务 HTTP 协议及签名)
 * and https://help.aliyun.com/zh/sdk/product-overview/rpc-mechanism:
 * 1. every request parameter except Signature, sorted by name, each name and value percent-encoded
 *    (UTF-8; unreserved A-Z a-z 0-9 - _ . ~ as is, space as %20) and joined `name=value&…`;
 * 2. StringToSign = HTTPMethod + "&" + percentEncode("/") + "&" + percentEncode(that query);
 * 3. Signature = base64(HMAC-SHA1(key = AccessKeySecret + "&", StringToSign)).
 * The answer is JSON `{"Code":"OK","Message":"OK","BizId":…,"RequestId":…}`.
 */
export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  /** 短信签名 (SignName), e.g. 天路平台. */
  signName: string;
  /** 模板 CODE, e.g. SMS_71390007; its variables are filled from the message's fields. */
  templateCode: string;
  /** Default https://dysmsapi.aliyuncs.com/. */
  endpoint?: string;
  regionId?: string;
}

/** RFC 3986 encoding as the RPC signature wants it (also ! ' ( ) * encoded). */
export function aliyunPercentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The canonical query: parameters sorted by name, encoded, joined with &. */
export function aliyunCanonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${aliyunPercentEncode(k)}=${aliyunPercentEncode(params[k]!)}`)
    .join('&');
}

/** The documented RPC signature of a request's parameters. */
export function aliyunRpcSignature(method: 'GET' | 'POST', params: Record<string, string>, accessKeySecret: string): string {
  const stringToSign = `${method}&${aliyunPercentEncode('/')}&${aliyunPercentEncode(aliyunCanonicalQuery(params))}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign, 'utf8').digest('base64');
}

/** Aliyun timestamps: ISO 8601 UTC without milliseconds. */
function aliyunTimestamp(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Codes that are flow control or a busy service: worth another try. */
const RETRYABLE_CODES = new Set(['isv.BUSINESS_LIMIT_CONTROL', 'Throttling', 'Throttling.User', 'ServiceUnavailable', 'InternalError', 'isp.SYSTEM_ERROR']);

export class AliyunSmsChannel implements NotifyChannel {
  constructor(private readonly config: AliyunSmsConfig, private readonly opts: HttpChannelOptions & { nonce?: () => string } = {}) {}

  /** The signed parameters of one SendSms request. */
  params(message: NotifyMessage, phone: string): Record<string, string> {
    const params: Record<string, string> = {
      AccessKeyId: this.config.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: phone,
      RegionId: this.config.regionId ?? 'cn-hangzhou',
      SignName: this.config.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: this.opts.nonce?.() ?? randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: this.config.templateCode,
      TemplateParam: JSON.stringify(message.fields),
      Timestamp: aliyunTimestamp(this.opts.now?.() ?? new Date()),
      Version: '2017-05-25',
    };
    return { ...params, Signature: aliyunRpcSignature('POST', params, this.config.accessKeySecret) };
  }

  async send(message: NotifyMessage, phone: string): Promise<SendResult> {
    const params = this.params(message, phone);
    const body = Object.entries(params).map(([k, v]) => `${aliyunPercentEncode(k)}=${aliyunPercentEncode(v)}`).join('&');
    const answer = await httpExchange(this.config.endpoint ?? 'https://dysmsapi.aliyuncs.com/', {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body,
    }, this.opts);
    if ('error' in answer) return failure(answer);
    const code = parseJson(answer.body)?.Code;
    if (answer.status === 200 && code === 'OK') return { accepted: true, providerAnswer: describeAnswer(answer), retryable: false };
    if (typeof code === 'string') return { accepted: false, providerAnswer: describeAnswer(answer), retryable: RETRYABLE_CODES.has(code) };
    return failure(answer);
  }
}
