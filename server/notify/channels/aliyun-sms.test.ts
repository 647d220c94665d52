import { afterEach, describe, expect, it } from 'vitest';
import { aliyunExpectedSignature as expectedSignature } from '../testing/sms-stand-ins';
import { sampleMessage, startStandIn, type StandIn } from '../testing/stand-in';
import { AliyunSmsChannel, aliyunCanonicalQuery, aliyunRpcSignature } from './aliyun-sms';

// The example of 阿里云短信's "HTTP 协议及签名" document: these parameters, GET and the secret
// testSecret sign to zJDF+Lrzhj/ThnlvIToysFRq6t4=.
const DOC_PARAMS: Record<string, string> = {
  AccessKeyId: 'testId', Action: 'SendSms', Format: 'XML', OutId: '123', PhoneNumbers: '15300000001', RegionId: 'cn-hangzhou',
  SignName: '阿里云短信测试专用', SignatureMethod: 'HMAC-SHA1', SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466', SignatureVersion: '1.0',
  TemplateCode: 'SMS_71390007', TemplateParam: '{"customer":"test"}', Timestamp: '2017-07-12T02:42:19Z', Version: '2017-05-25',
};

let standIn: StandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

async function aliyunStandIn(secret: string, code = 'OK') {
  standIn = await startStandIn((req) => {
    const form = new URLSearchParams(req.body);
    if (form.get('Signature') !== expectedSignature(form, secret)) return { status: 400, json: { Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.' } };
    if (form.get('Action') !== 'SendSms' || form.get('SignatureMethod') !== 'HMAC-SHA1') return { status: 400, json: { Code: 'InvalidAction' } };
    return { json: { Code: code, Message: code === 'OK' ? 'OK' : '触发分钟级流控', BizId: '900619746936498440^0', RequestId: 'F655A8D5-B967-440B-8683-DAD6FF8DE990' } };
  });
  return standIn;
}

describe('阿里云短信', () => {
  it('reproduces the signature of the documented example', () => {
    expect(aliyunCanonicalQuery(DOC_PARAMS)).toBe(
      'AccessKeyId=testId&Action=SendSms&Format=XML&OutId=123&PhoneNumbers=15300000001&RegionId=cn-hangzhou&SignName=%E9%98%BF%E9%87%8C%E4%BA%91%E7%9F%AD%E4%BF%A1%E6%B5%8B%E8%AF%95%E4%B8%93%E7%94%A8&SignatureMethod=HMAC-SHA1&SignatureNonce=45e25e9b-0a6f-4070-8c85-2956eda1b466&SignatureVersion=1.0&TemplateCode=SMS_71390007&TemplateParam=%7B%22customer%22%3A%22test%22%7D&Timestamp=2017-07-12T02%3A42%3A19Z&Version=2017-05-25',
    );
    expect(aliyunRpcSignature('GET', DOC_PARAMS, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it('sends SendSms with the template, sign name and fields, signed so the service accepts it', async () => {
    const s = await aliyunStandIn('s3cret');
    const channel = new AliyunSmsChannel({ accessKeyId: 'LTAI-test', accessKeySecret: 's3cret', signName: '天路平台', templateCode: 'SMS_1234', endpoint: `${s.origin}/` });
    const result = await channel.send(sampleMessage, '13800138000');
    expect(result).toMatchObject({ accepted: true, retryable: false });
    expect(result.providerAnswer).toContain('"Code":"OK"');
    const form = new URLSearchParams(s.received[0]!.body);
    expect(form.get('PhoneNumbers')).toBe('13800138000');
    expect(form.get('SignName')).toBe('天路平台');
    expect(form.get('TemplateCode')).toBe('SMS_1234');
    expect(JSON.parse(form.get('TemplateParam')!)).toEqual(sampleMessage.fields);
  });

  it('is refused with a wrong secret and does not try again; flow control is tried again', async () => {
    const s = await aliyunStandIn('right');
    const wrong = await new AliyunSmsChannel({ accessKeyId: 'LTAI-test', accessKeySecret: 'wrong', signName: '天路平台', templateCode: 'SMS_1234', endpoint: s.origin }).send(sampleMessage, '13800138000');
    expect(wrong).toMatchObject({ accepted: false, retryable: false });
    expect(wrong.providerAnswer).toContain('SignatureDoesNotMatch');
    await s.close();

    const limited = await aliyunStandIn('right', 'isv.BUSINESS_LIMIT_CONTROL');
    const result = await new AliyunSmsChannel({ accessKeyId: 'LTAI-test', accessKeySecret: 'right', signName: '天路平台', templateCode: 'SMS_1234', endpoint: limited.origin }).send(sampleMessage, '13800138000');
    expect(result).toMatchObject({ accepted: false, retryable: true });
  });
});
