import { afterEach, describe, expect, it } from 'vitest';
import { Jt808MsgId, Jt808RegisterResult } from './index';
import { sleep, waitFor } from '../testing/gateway-fakes';
import { startTestGateway, type TestGateway } from '../testing/start-test-gateway';

let t: TestGateway;
afterEach(async () => t?.stop());

describe('Jt808Gateway registration and authentication', () => {
  it('answers a known terminal with result 0 and its auth code', async () => {
    t = await startTestGateway();
    const term = await t.terminal('013800000001');
    expect(await term.register()).toEqual({ result: 0, authCode: 'AUTH-13800000001' });
  });

  it('refuses an unknown terminal with result 4 and provisions nothing', async () => {
    t = await startTestGateway();
    const term = await t.terminal('013900000009');
    expect(await term.register()).toEqual({ result: Jt808RegisterResult.TerminalUnknown });
    expect(t.directory.registrations).toEqual([]);
  });

  it('auto-registers an unknown terminal when enabled', async () => {
    t = await startTestGateway({ autoRegister: true });
    const term = await t.terminal('013900000009', '2019');
    const reg = await term.register();
    expect(reg).toEqual({ result: 0, authCode: 'NEW-13900000009' });
    expect(t.directory.registrations[0]).toMatchObject({
      terminalNo: '13900000009',
      registration: { edition: '2019', maker: 'TLU01', model: 'T808', deviceId: 'D000001', plate: '粤B12345', province: 44 },
    });
    expect(await term.authenticate(reg.authCode!)).toBe(0);
    expect(t.gateway.isOnline('13900000009')).toBe(true);
  });

  it('authenticates with the right code and reports the terminal online', async () => {
    t = await startTestGateway();
    const term = await t.terminal();
    expect(await term.authenticate('AUTH-13800000001')).toBe(0);
    expect(t.gateway.isOnline('013800000001')).toBe(true);
    expect(t.events.of('terminalOnline')).toEqual([
      expect.objectContaining({ terminalNo: '13800000001', terminalId: 1, tenantId: 1, edition: '2013' }),
    ]);
  });

  it('refuses a wrong auth code with result 1', async () => {
    t = await startTestGateway();
    const term = await t.terminal();
    expect(await term.authenticate('WRONG')).toBe(1);
    expect(t.gateway.isOnline('13800000001')).toBe(false);
    expect(t.events.of('terminalOnline')).toEqual([]);
  });

  it('refuses and does not store a location from an unauthenticated terminal', async () => {
    t = await startTestGateway();
    const term = await t.terminal();
    await term.register();
    const serial = term.sendLocation();
    expect((await term.ackFor(serial)).result).toBe(1);
    const hb = term.send(Jt808MsgId.Heartbeat);
    expect((await term.ackFor(hb)).result).toBe(1);
    await sleep(30);
    expect(t.sink.committed).toEqual([]);
    expect(t.gateway.metrics().positionsRejected).toBe(1);
  });

  it('answers heartbeats and logs out', async () => {
    t = await startTestGateway();
    const term = await t.terminal();
    await term.login();
    expect((await term.ackFor(term.send(Jt808MsgId.Heartbeat))).result).toBe(0);
    expect((await term.ackFor(term.send(Jt808MsgId.Logout))).result).toBe(0);
    await waitFor(() => t.events.of('terminalOffline').length === 1);
    expect(t.events.of('terminalOffline')[0]).toMatchObject({ terminalNo: '13800000001', reason: 'logout' });
    expect(t.gateway.isOnline('13800000001')).toBe(false);
    // after logout the link no longer speaks for the terminal
    expect((await term.ackFor(term.sendLocation())).result).toBe(1);
  });

  it('replies in the edition and phone form the terminal used', async () => {
    t = await startTestGateway();
    const t13 = await t.terminal('013800000001', '2013');
    await t13.register();
    const t19 = await t.terminal('00000000013800000001', '2019');
    t19.send(Jt808MsgId.Register, new Uint8Array(76));
    const reply = await t19.next(Jt808MsgId.RegisterResponse);
    expect(reply.header.edition).toBe('2019');
    expect(reply.header.phoneBcd).toBe('00000000013800000001');
  });

  it('treats 2013 and 2019 terminals with the same number as one terminal: the newer link replaces the older', async () => {
    t = await startTestGateway();
    const old = await t.terminal('013800000001', '2013');
    await old.login();
    const fresh = await t.terminal('00000000013800000001', '2019');
    await fresh.login();
    await old.closed;
    expect(t.gateway.metrics().connections).toBe(1);
    expect(t.gateway.onlineTerminals()).toEqual(['13800000001']);
    // the replaced link does not take the terminal offline
    expect(t.events.of('terminalOffline')).toEqual([]);
    expect(t.events.of('terminalOnline').map((e) => e.edition)).toEqual(['2013', '2019']);
    const serial = fresh.sendLocation();
    expect((await fresh.ackFor(serial)).result).toBe(0);
    expect(t.sink.committed[0]).toMatchObject({ terminalNo: '13800000001', terminalId: 1 });
  });
});
