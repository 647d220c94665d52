import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleMessage, startStandIn, type StandIn } from '../testing/stand-in';
import { DingtalkChannel } from './dingtalk';

let standIn: StandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

/** A 钉钉 robot: checks the access token and the documented 加签 (recomputed here), within an hour. */
async function robot(secret: string, errcode = 0) {
  standIn = await startStandIn((req) => {
    const url = new URL(req.url, 'http://robot');
    if (url.searchParams.get('access_token') !== 'tok') return { json: { errcode: 300001, errmsg: 'token is not exist' } };
    const timestamp = url.searchParams.get('timestamp') ?? '';
    const want = createHmac('sha256', secret).update(`${timestamp}\n${secret}`).digest('base64');
    if (url.searchParams.get('sign') !== want || Math.abs(Date.now() - Number(timestamp)) > 3600_000) return { json: { errcode: 310000, errmsg: 'sign not match' } };
    return { json: { errcode, errmsg: errcode === 0 ? 'ok' : 'send too fast' } };
  });
  return standIn;
}

describe('钉钉 robot', () => {
  it('posts a text message signed with the robot secret', async () => {
    const s = await robot('SECabc');
    const result = await new DingtalkChannel({ url: `${s.origin}/robot/send?access_token=tok`, secret: 'SECabc' }).send(sampleMessage);
    expect(result).toMatchObject({ accepted: true, retryable: false });
    expect(JSON.parse(s.received[0]!.body)).toEqual({ msgtype: 'text', text: { content: sampleMessage.text } });
    // the sign travels URL-encoded (base64 has + / =)
    expect(s.received[0]!.url).toMatch(/&sign=[A-Za-z0-9%]+$/);
  });

  it('posts markdown when configured so', async () => {
    const s = await robot('SECabc');
    await new DingtalkChannel({ url: `${s.origin}/robot/send?access_token=tok`, secret: 'SECabc', msgtype: 'markdown' }).send(sampleMessage);
    expect(JSON.parse(s.received[0]!.body)).toEqual({ msgtype: 'markdown', markdown: { title: sampleMessage.subject, text: `### ${sampleMessage.subject}\n\n${sampleMessage.text}` } });
  });

  it('gives up on a wrong secret and tries again when sending too fast', async () => {
    const s = await robot('SECabc');
    const wrong = await new DingtalkChannel({ url: `${s.origin}/robot/send?access_token=tok`, secret: 'SECxyz' }).send(sampleMessage);
    expect(wrong).toMatchObject({ accepted: false, retryable: false });
    expect(wrong.providerAnswer).toContain('sign not match');
    await s.close();
    const busy = await robot('SECabc', 130101);
    expect(await new DingtalkChannel({ url: `${busy.origin}/robot/send?access_token=tok`, secret: 'SECabc' }).send(sampleMessage)).toMatchObject({ accepted: false, retryable: true });
  });
});
