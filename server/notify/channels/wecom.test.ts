import { afterEach, describe, expect, it } from 'vitest';
import { sampleMessage, startStandIn, type StandIn } from '../testing/stand-in';
import { WecomChannel } from './wecom';

let standIn: StandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

/** A 企业微信 robot: the key in the URL is its only credential. */
async function robot(key: string, errcode = 0) {
  standIn = await startStandIn((req) => {
    const url = new URL(req.url, 'http://robot');
    if (url.pathname !== '/cgi-bin/webhook/send' || url.searchParams.get('key') !== key) return { json: { errcode: 93000, errmsg: 'invalid webhook url' } };
    return { json: { errcode, errmsg: errcode === 0 ? 'ok' : 'api freq out of limit' } };
  });
  return standIn;
}

describe('企业微信 robot', () => {
  it('posts text and markdown messages to the keyed URL', async () => {
    const s = await robot('k-1');
    const url = `${s.origin}/cgi-bin/webhook/send?key=k-1`;
    expect(await new WecomChannel({ url }).send(sampleMessage)).toMatchObject({ accepted: true, retryable: false });
    await new WecomChannel({ url, msgtype: 'markdown' }).send(sampleMessage);
    expect(s.received.map((r) => JSON.parse(r.body))).toEqual([
      { msgtype: 'text', text: { content: sampleMessage.text } },
      { msgtype: 'markdown', markdown: { content: `**${sampleMessage.subject}**\n${sampleMessage.text}` } },
    ]);
  });

  it('gives up on a wrong key and tries again when rate limited', async () => {
    const s = await robot('k-1');
    const wrong = await new WecomChannel({ url: `${s.origin}/cgi-bin/webhook/send?key=k-2` }).send(sampleMessage);
    expect(wrong).toMatchObject({ accepted: false, retryable: false });
    expect(wrong.providerAnswer).toContain('invalid webhook url');
    await s.close();
    const busy = await robot('k-1', 45009);
    expect(await new WecomChannel({ url: `${busy.origin}/cgi-bin/webhook/send?key=k-1` }).send(sampleMessage)).toMatchObject({ accepted: false, retryable: true });
  });
});
