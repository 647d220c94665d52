import { type AddressInfo, type Server, type Socket, createServer } from 'node:net';
import {
  type Jt808Header, type Jt808TerminalMessage, Jt808FrameSplitter, Jt808GeneralResult, Jt808MsgId, decodeFrame,
  decodeTerminalMessage, encodeFrame, encodeGeneralResponse, encodeRegisterResponse,
} from '../../gateway/jt808/index';

/** One message the fake platform received. */
export interface ReceivedMessage {
  header: Jt808Header;
  body: Uint8Array;
  /** Decoded with the gateway codec; undefined when the codec refused it. */
  message: Jt808TerminalMessage | undefined;
  atMs: number;
}

/** Behaviour switches of {@link FakeJt808Platform}. */
export interface FakePlatformOptions {
  /** Return false to leave a 0x0200 / 0x0704 / 0x0002 unacknowledged. Default: acknowledge everything. */
  shouldAck?: (m: ReceivedMessage) => boolean;
  /** 0x8100 result for a registration. Default 0 (success). */
  registerResult?: (phone: string) => number;
}

/**
 * A minimal JT/T 808 platform for simulator tests: it registers every terminal (auth code
 * `AC<phone>`), accepts that code, acknowledges locations, batches and heartbeats, records every
 * message, and can push commands to a connected terminal. Not the real gateway: no store, no bus.
 */
export class FakeJt808Platform {
  readonly received: ReceivedMessage[] = [];
  private readonly server: Server;
  private readonly sockets = new Map<string, Socket>();
  private readonly all = new Set<Socket>();
  private serial = 0;
  private waiters: (() => void)[] = [];

  constructor(private readonly opts: FakePlatformOptions = {}) {
    this.server = createServer((s) => this.accept(s));
  }

  /** Listens on 127.0.0.1 (port 0 = any free port) and returns the port. */
  async listen(port = 0): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  /** Messages received with `msgId`, optionally from one terminal. */
  messages(msgId: number, phone?: string): ReceivedMessage[] {
    return this.received.filter((m) => m.header.msgId === msgId && (phone === undefined || m.header.phone === phone));
  }

  /** Resolves with the first received message (past or future) matching `pred`. */
  async waitFor(pred: (m: ReceivedMessage) => boolean, timeoutMs = 5000, what = 'message'): Promise<ReceivedMessage> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const hit = this.received.find(pred);
      if (hit) return hit;
      const left = end - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}; got ${this.received.map((m) => '0x' + m.header.msgId.toString(16)).join(' ')}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** Resolves with the first message `msgId` received at index `since` or later (see `received.length`). */
  waitForNext(msgId: number, since: number, timeoutMs = 5000): Promise<ReceivedMessage> {
    return this.waitFor((m) => m.header.msgId === msgId && this.received.indexOf(m) >= since, timeoutMs, `0x${msgId.toString(16).padStart(4, '0')}`);
  }

  /** Sends a platform → terminal message to a connected terminal; returns its serial. */
  send(phone: string, msgId: number, body: Uint8Array, edition: '2013' | '2019' = '2013'): number {
    const s = this.sockets.get(phone.replace(/^0+/, ''));
    if (!s) throw new Error(`terminal ${phone} is not connected`);
    const serial = this.nextSerial();
    s.write(encodeFrame({ msgId, phone, serial, edition, body }));
    return serial;
  }

  /** Drops every terminal connection (a gateway restart, a network blip). */
  disconnectAll(): void {
    for (const s of this.all) s.destroy();
  }

  /** Stops listening and drops every connection. */
  async close(): Promise<void> {
    this.disconnectAll();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(socket: Socket): void {
    this.all.add(socket);
    const splitter = new Jt808FrameSplitter();
    socket.on('data', (chunk) => {
      for (const raw of splitter.push(chunk).frames) {
        const f = decodeFrame(raw);
        if (f.ok) this.onFrame(socket, f.value.header, f.value.body);
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => this.all.delete(socket));
  }

  private onFrame(socket: Socket, header: Jt808Header, body: Uint8Array): void {
    const d = decodeTerminalMessage({ header, body });
    const m: ReceivedMessage = { header, body, message: d.ok ? d.value : undefined, atMs: Date.now() };
    this.received.push(m);
    this.sockets.set(header.phone, socket);
    const reply = (msgId: number, b: Uint8Array) =>
      socket.write(encodeFrame({ msgId, phone: header.phone, serial: this.nextSerial(), edition: header.edition, body: b }));
    const general = (result: number) =>
      reply(Jt808MsgId.PlatformGeneralResponse, encodeGeneralResponse({ replySerial: header.serial, replyMsgId: header.msgId, result }));
    switch (header.msgId) {
      case Jt808MsgId.Register: {
        const result = this.opts.registerResult?.(header.phone) ?? 0;
        reply(Jt808MsgId.RegisterResponse, encodeRegisterResponse({ replySerial: header.serial, result, authCode: `AC${header.phone}` }));
        break;
      }
      case Jt808MsgId.Authenticate: {
        const code = m.message?.type === 'auth' ? m.message.value.authCode : '';
        general(code === `AC${header.phone}` ? Jt808GeneralResult.Success : Jt808GeneralResult.Failure);
        break;
      }
      case Jt808MsgId.Location:
      case Jt808MsgId.BatchLocation:
      case Jt808MsgId.Heartbeat:
        if (this.opts.shouldAck?.(m) ?? true) general(Jt808GeneralResult.Success);
        break;
    }
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  private nextSerial(): number {
    this.serial = (this.serial + 1) & 0xffff;
    return this.serial;
  }
}
