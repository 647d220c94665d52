import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleMessage } from '../testing/stand-in';
import { SmtpChannel } from './smtp';

// A self-signed certificate for localhost, made for this test.
let cert = '';
let key = '';
beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'tianlu-smtp-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1',
      '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'], { stdio: 'ignore' });
    cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
    key = readFileSync(join(dir, 'key.pem'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

interface Received {
  mail: ParsedMail;
  user: string | undefined;
  secure: boolean;
}

/** An SMTP server that offers STARTTLS, wants AUTH (alarm / pw) and keeps what it receives. */
async function mailServer(received: Received[]): Promise<{ port: number; close(): Promise<void> }> {
  const server = new SMTPServer({
    key, cert, authMethods: ['PLAIN', 'LOGIN'], logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === 'alarm' && auth.password === 'pw') cb(null, { user: auth.username });
      else cb(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onData(stream, session, cb) {
      simpleParser(stream).then((mail) => {
        received.push({ mail, user: session.user as string | undefined, secure: session.secure });
        cb();
      }, cb);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('SMTP e-mail', () => {
  const received: Received[] = [];
  let server: { port: number; close(): Promise<void> };
  beforeAll(async () => {
    server = await mailServer(received);
  });
  afterAll(() => server.close());

  it('delivers over STARTTLS with AUTH, checking the server certificate', async () => {
    const channel = new SmtpChannel({ host: '127.0.0.1', port: server.port, requireTLS: true, user: 'alarm', password: 'pw', from: '天路告警 <alarm@tianlu.test>', ca: cert });
    const result = await channel.send(sampleMessage, 'ops@example.com');
    expect(result).toMatchObject({ accepted: true, retryable: false });
    expect(result.providerAnswer).toMatch(/^250 /);
    const got = received.at(-1)!;
    expect(got.secure).toBe(true);
    expect(got.user).toBe('alarm');
    expect(got.mail.subject).toBe(sampleMessage.subject);
    expect(got.mail.text?.trim()).toBe(sampleMessage.text);
    expect(got.mail.from?.value[0]).toMatchObject({ name: '天路告警', address: 'alarm@tianlu.test' });
    expect(got.mail.headers.get('x-tianlu-idempotency-key')).toBe('alarm-11-webhook-1');
  });

  it('does not send to a server whose certificate it cannot trust', async () => {
    const before = received.length;
    const result = await new SmtpChannel({ host: '127.0.0.1', port: server.port, requireTLS: true, user: 'alarm', password: 'pw', from: 'alarm@tianlu.test' }).send(sampleMessage, 'ops@example.com');
    expect(result.accepted).toBe(false);
    expect(received.length).toBe(before);
  });

  it('gives up on a refused password and tries again when the server is down', async () => {
    const refused = await new SmtpChannel({ host: '127.0.0.1', port: server.port, requireTLS: true, user: 'alarm', password: 'wrong', from: 'alarm@tianlu.test', ca: cert }).send(sampleMessage, 'ops@example.com');
    expect(refused).toMatchObject({ accepted: false, retryable: false });
    expect(refused.providerAnswer).toContain('535');

    const down = await mailServer([]);
    await down.close();
    const result = await new SmtpChannel({ host: '127.0.0.1', port: down.port, from: 'alarm@tianlu.test', timeoutMs: 2000 }).send(sampleMessage, 'ops@example.com');
    expect(result).toMatchObject({ accepted: false, retryable: true });
  });
});
