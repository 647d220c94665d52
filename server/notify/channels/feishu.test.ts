import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleMessage, startStandIn, type StandIn } from '../testing/stand-in';
import { FeishuChannel } from './feishu';

let standIn: StandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

/** A 飞书 bot: recomputes the documented signature (key timestamp\nsecret, empty message), within an hour. */
async function bot(secret: string, code = 0) {
  standIn = await startStandIn((req) => {
    const body = JSON.parse(req.body) as { timestamp?: string; sign?: string; msg_type: string };
    const want = createHmac('sha256', `${body.timestamp}\n${secret}`).update('').digest('base64');
    if (body.sign !== want || Math.abs(Date.now() / 1000 - Number(body.timestamp)) > 3600) return { json: { code: 19021, msg: 'sign match fail or timestamp is not within one hour from current time', data: {} } };
    return { json: { code, msg: code === 0 ? 'success' : 'too many request', data: {} } };
  });
  return standIn;
}

describe('飞书 robot', () => {
  it('posts a text message with timestamp and sign', async () => {
    const s = await bot('fs-secret');
    const result = await new FeishuChannel({ url: `${s.origin}/open-apis/bot/v2/hook/abc`, secret: 'fs-secret' }).send(sampleMessage);
    expect(result).toMatchObject({ accepted: true, retryable: false });
    expect(JSON.parse(s.received[0]!.body)).toMatchObject({ msg_type: 'text', content: { text: sampleMessage.text } });
  });

  it('gives up on a wrong secret and tries again when rate limited', async () => {
    const s = await bot('fs-secret');
    const wrong = await new FeishuChannel({ url: `${s.origin}/hook`, secret: 'other' }).send(sampleMessage);
    expect(wrong).toMatchObject({ accepted: false, retryable: false });
    expect(wrong.providerAnswer).toContain('19021');
    await s.close();
    const busy = await bot('fs-secret', 9499);
    expect(await new FeishuChannel({ url: `${busy.origin}/hook`, secret: 'fs-secret' }).send(sampleMessage)).toMatchObject({ accepted: false, retryable: true });
  });
});
