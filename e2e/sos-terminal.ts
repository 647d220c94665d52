/**
 * A server of its own with one JT/T 808 terminal in Beijing that registers itself
 * (JT808_AUTO_REGISTER=1) into 天路演示 and can raise an SOS — what the alarm and 数据中心
 * scenarios share. Call at the top of an e2e file: it starts the server and logs the terminal in
 * before the file's tests and stops both after them.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { Jt808TestTerminal } from '../server/gateway/testing/jt808-test-terminal';
import { startServer, type RunningServer } from './server';

/** The SOS bit of a 0x0200's alarm flags. */
export const SOS = 1;
const LOCATED = 0b11;

export interface SosTerminalServer {
  /** The running server (available inside tests). */
  readonly server: RunningServer;
  /** A 0x0200 from the terminal in Beijing, now; resolves once acknowledged. */
  report(alarmFlags: number): Promise<void>;
}

export function serverWithSosTerminal(name: string, phone: string): SosTerminalServer {
  let server: RunningServer | undefined;
  let terminal: Jt808TestTerminal | undefined;

  async function report(alarmFlags: number): Promise<void> {
    if (!terminal) throw new Error('the terminal is not connected yet');
    const serial = terminal.sendLocation({ latitude: 39.909, longitude: 116.397, speedKmh: 20, statusFlags: LOCATED, alarmFlags, gpsTime: new Date() });
    const ack = await terminal.ackFor(serial, 10_000);
    expect(ack.result).toBe(0);
  }

  beforeAll(async () => {
    server = await startServer({ name, env: { SIM_DEVICES: '0', JT808_AUTO_REGISTER: '1' } });
    terminal = await Jt808TestTerminal.connect(server.jt808Port, phone);
    await terminal.login();
    await report(0);
  });
  afterAll(async () => {
    terminal?.close();
    await server?.stop();
  });

  return {
    get server() {
      if (!server) throw new Error('the server is not started yet');
      return server;
    },
    report,
  };
}

export { liveReady } from './live-ready';
export { screenshot } from './screenshot';

