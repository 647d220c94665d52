import { afterEach, describe, expect, it } from 'vitest';
import { tencentExpectedAuthorization } from '../testing/sms-stand-ins';
import { sampleMessage, startStandIn, type StandIn } from '../testing/stand-in';
import { TencentSmsChannel, tc3Sign } from './tencent-sms';

let standIn: StandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

async function tencentStandIn(secretKey: string, status = 200) {
  standIn = await startStandIn((req) => {
    if (status !== 200) return { status, json: {} };
    if (req.headers.authorization !== tencentExpectedAuthorization(req, 'AKID-test', secretKey)) {
      return { json: { Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: 'The provided credentials could not be validated.' }, RequestId: 'r1' } } };
    }
    if (req.headers['x-tc-action'] !== 'SendSms' || req.headers['x-tc-version'] !== '2021-01-11') return { json: { Response: { Error: { Code: 'InvalidAction' } } } };
    const body = JSON.parse(req.body) as { PhoneNumberSet: string[] };
    return { json: { Response: { SendStatusSet: [{ SerialNo: '5000:1', PhoneNumber: body.PhoneNumberSet[0], Fee: 1, Code: 'Ok', Message: 'send success' }], RequestId: 'r2' } } };
  });
  return standIn;
}

const config = (origin: string, secretKey: string) => ({
  secretId: 'AKID-test', secretKey, smsSdkAppId: '1400006666', signName: '天路平台', templateId: '449739', templateParams: ['asset', 'alarm', 'time'], endpoint: `${origin}/`,
});

describe('腾讯云短信', () => {
  it('reproduces the documented TC3-HMAC-SHA256 example (cvm DescribeInstances, 1551113065)', () => {
    const signed = tc3Sign({
      secretId: 'AKID**********************0123456789EXAMPLE', secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE', service: 'cvm', host: 'cvm.tencentcloudapi.com',
      payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}', timestampSeconds: 1551113065,
    });
    expect(signed.hashedPayload).toBe('35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064');
    expect(signed.stringToSign).toBe('TC3-HMAC-SHA256\n1551113065\n2019-02-25/cvm/tc3_request\n5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031');
    expect(signed.authorization).toBe(
      'TC3-HMAC-SHA256 Credential=AKID**********************0123456789EXAMPLE/2019-02-25/cvm/tc3_request, SignedHeaders=content-type;host, Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
    );
  });

  it('sends SendSms with the template parameters in order, signed so the service accepts it', async () => {
    const s = await tencentStandIn('sk-right');
    const result = await new TencentSmsChannel(config(s.origin, 'sk-right')).send(sampleMessage, '13800138000');
    expect(result).toMatchObject({ accepted: true, retryable: false });
    expect(JSON.parse(s.received[0]!.body)).toEqual({
      PhoneNumberSet: ['+8613800138000'], SmsSdkAppId: '1400006666', SignName: '天路平台', TemplateId: '449739', TemplateParamSet: ['京A12345', '紧急报警', '2026-05-01 10:00:00'],
    });
  });

  it('is refused with a wrong key and does not try again; a failing service is tried again', async () => {
    const s = await tencentStandIn('sk-right');
    const wrong = await new TencentSmsChannel(config(s.origin, 'sk-wrong')).send(sampleMessage, '13800138000');
    expect(wrong).toMatchObject({ accepted: false, retryable: false });
    expect(wrong.providerAnswer).toContain('AuthFailure.SignatureFailure');
    await s.close();
    const down = await tencentStandIn('sk-right', 502);
    expect(await new TencentSmsChannel(config(down.origin, 'sk-right')).send(sampleMessage, '13800138000')).toMatchObject({ accepted: false, retryable: true });
  });
});
