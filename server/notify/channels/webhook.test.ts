import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleMessage, startStandIn, type StandIn } from '../testing/stand-in';
import { WebhookChannel, verifyWebhook } from './webhook';

let standIn: StandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

/** A receiver that checks the signature as documented: HMAC-SHA256 over `timestamp.body`, five-minute window. */
async function receiver(secret: string, status = 200) {
  standIn = await startStandIn((req) => {
    const ts = String(req.headers['x-tianlu-timestamp']);
    const want = `sha256=${createHmac('sha256', secret).update(`${ts}.${req.body}`).digest('hex')}`;
    if (req.headers['x-tianlu-signature'] !== want || Math.abs(Date.now() / 1000 - Number(ts)) > 300) return { status: 401, json: { error: 'bad signature' } };
    return { status, json: { ok: status < 300 } };
  });
  return standIn;
}

describe('generic webhook', () => {
  it('posts the alarm JSON signed with the tenant secret and an idempotency key', async () => {
    const s = await receiver('tenant-secret');
    const result = await new WebhookChannel({ url: `${s.origin}/hook`, secret: 'tenant-secret' }).send(sampleMessage);
    expect(result).toMatchObject({ accepted: true, retryable: false });
    const req = s.received[0]!;
    expect(JSON.parse(req.body)).toEqual(sampleMessage.data);
    expect(req.headers['idempotency-key']).toBe('alarm-11-webhook-1');
    expect(verifyWebhook('tenant-secret', { timestamp: String(req.headers['x-tianlu-timestamp']), signature: String(req.headers['x-tianlu-signature']) }, req.body)).toBe(true);
  });

  it('is refused with another secret and not tried again; 5xx and a closed port are tried again', async () => {
    const s = await receiver('tenant-secret');
    expect(await new WebhookChannel({ url: s.origin, secret: 'other' }).send(sampleMessage)).toMatchObject({ accepted: false, retryable: false });
    await s.close();
    const failing = await receiver('tenant-secret', 503);
    expect(await new WebhookChannel({ url: failing.origin, secret: 'tenant-secret' }).send(sampleMessage)).toMatchObject({ accepted: false, retryable: true });
    const origin = failing.origin;
    await failing.close();
    standIn = undefined;
    const down = await new WebhookChannel({ url: origin, secret: 'tenant-secret' }).send(sampleMessage);
    expect(down).toMatchObject({ accepted: false, retryable: true });
    expect(down.providerAnswer).toMatch(/^网络错误/);
  });

  it('lets receivers reject a replayed or altered request', () => {
    const body = '{"id":1}';
    const signedAt = new Date('2026-05-01T02:00:00Z');
    const ts = String(signedAt.getTime() / 1000);
    const signature = `sha256=${createHmac('sha256', 's').update(`${ts}.${body}`).digest('hex')}`;
    expect(verifyWebhook('s', { timestamp: ts, signature }, body, new Date(signedAt.getTime() + 299_000))).toBe(true);
    expect(verifyWebhook('s', { timestamp: ts, signature }, body, new Date(signedAt.getTime() + 301_000))).toBe(false);
    expect(verifyWebhook('s', { timestamp: ts, signature }, '{"id":2}', signedAt)).toBe(false);
  });
});
