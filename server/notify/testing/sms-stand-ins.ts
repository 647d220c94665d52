import { createHash, createHmac } from 'node:crypto';
import { startStandIn, type ReceivedRequest, type StandIn } from './stand-in';

/** 阿里云短信's RPC signature as the stand-in reads the documentation (not the channel's code). */
export function aliyunExpectedSignature(form: URLSearchParams, secret: string): string {
  const enc = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const query = [...form.entries()].filter(([k]) => k !== 'Signature').sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&');
  return createHmac('sha1', `${secret}&`).update(`POST&${enc('/')}&${enc(query)}`).digest('base64');
}

/** 腾讯云's TC3-HMAC-SHA256 Authorization as the stand-in reads the documentation (not the channel's code). */
export function tencentExpectedAuthorization(req: ReceivedRequest, secretId: string, secretKey: string): string {
  const ts = String(req.headers['x-tc-timestamp']);
  const date = new Date(Number(ts) * 1000).toISOString().slice(0, 10);
  const h = (s: string) => createHash('sha256').update(s).digest('hex');
  const canonical = `POST\n/\n\ncontent-type:${req.headers['content-type']}\nhost:${req.headers.host}\n\ncontent-type;host\n${h(req.body)}`;
  const toSign = `TC3-HMAC-SHA256\n${ts}\n${date}/sms/tc3_request\n${h(canonical)}`;
  const k = (key: string | Buffer, m: string) => createHmac('sha256', key).update(m).digest();
  const sig = createHmac('sha256', k(k(k(`TC3${secretKey}`, date), 'sms'), 'tc3_request')).update(toSign).digest('hex');
  return `TC3-HMAC-SHA256 Credential=${secretId}/${date}/sms/tc3_request, SignedHeaders=content-type;host, Signature=${sig}`;
}

/** A SendSms the stand-in accepted (its signature right). */
export interface AcceptedSms {
  phone: string;
  signName: string;
  template: string;
  /** 阿里云: TemplateParam; 腾讯云: TemplateParamSet. */
  params: Record<string, string> | string[];
}

export interface SmsStandIn extends StandIn {
  accepted: AcceptedSms[];
  /** The provider's error code for the next sends (undefined: accept). */
  refuseWith?: string;
}

/**
 * A local 阿里云短信: answers SendSms `{"Code":"OK"}` when the RPC signature is right for `secret`,
 * SignatureDoesNotMatch otherwise, or `refuseWith` when set.
 */
export async function startAliyunSmsStandIn(secret: string): Promise<SmsStandIn> {
  const accepted: AcceptedSms[] = [];
  const holder: { standIn?: SmsStandIn } = {};
  const standIn = await startStandIn((req) => {
    const form = new URLSearchParams(req.body);
    if (form.get('Signature') !== aliyunExpectedSignature(form, secret)) return { status: 400, json: { Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.' } };
    if (form.get('Action') !== 'SendSms' || form.get('SignatureMethod') !== 'HMAC-SHA1') return { status: 400, json: { Code: 'InvalidAction' } };
    const refuse = holder.standIn?.refuseWith;
    if (refuse) return { json: { Code: refuse, Message: '触发号码天级流控', RequestId: 'F655A8D5-B967-440B-8683-DAD6FF8DE991' } };
    accepted.push({ phone: form.get('PhoneNumbers') ?? '', signName: form.get('SignName') ?? '', template: form.get('TemplateCode') ?? '', params: JSON.parse(form.get('TemplateParam') ?? '{}') as Record<string, string> });
    return { json: { Code: 'OK', Message: 'OK', BizId: '900619746936498440^0', RequestId: 'F655A8D5-B967-440B-8683-DAD6FF8DE990' } };
  });
  holder.standIn = Object.assign(standIn, { accepted });
  return holder.standIn;
}

/** A local 腾讯云短信: answers SendSms Ok when the TC3 Authorization is right for the keys, AuthFailure otherwise. */
export async function startTencentSmsStandIn(secretId: string, secretKey: string): Promise<SmsStandIn> {
  const accepted: AcceptedSms[] = [];
  const holder: { standIn?: SmsStandIn } = {};
  const standIn = await startStandIn((req) => {
    if (req.headers.authorization !== tencentExpectedAuthorization(req, secretId, secretKey)) {
      return { json: { Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: 'The provided credentials could not be validated.' }, RequestId: 'r1' } } };
    }
    if (req.headers['x-tc-action'] !== 'SendSms' || req.headers['x-tc-version'] !== '2021-01-11') return { json: { Response: { Error: { Code: 'InvalidAction' } } } };
    const body = JSON.parse(req.body) as { PhoneNumberSet: string[]; SignName: string; TemplateId: string; TemplateParamSet: string[] };
    const refuse = holder.standIn?.refuseWith;
    if (refuse) return { json: { Response: { SendStatusSet: [{ SerialNo: '', PhoneNumber: body.PhoneNumberSet[0], Fee: 0, Code: refuse, Message: 'refused' }], RequestId: 'r3' } } };
    accepted.push({ phone: body.PhoneNumberSet[0] ?? '', signName: body.SignName, template: body.TemplateId, params: body.TemplateParamSet });
    return { json: { Response: { SendStatusSet: [{ SerialNo: '5000:1', PhoneNumber: body.PhoneNumberSet[0], Fee: 1, Code: 'Ok', Message: 'send success' }], RequestId: 'r2' } } };
  });
  holder.standIn = Object.assign(standIn, { accepted });
  return holder.standIn;
}
