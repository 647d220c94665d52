import { connect, type Socket } from 'node:net';
import {
  Jt808FrameSplitter, Jt808MsgId, decodeFrame, decodeGeneralResponse, decodeRegisterResponse, encodeAuth, encodeFrame, encodeGeneralResponse,
  encodeLocation, encodeRegister, type Jt808Edition, type Jt808Frame, type Jt808GeneralResponse, type Jt808LocationInput,
} from '../jt808';

/** Options of {@link Jt808TestTerminal.send}. */
export interface TestSendOptions {
  serial?: number;
  subpackage?: { total: number; index: number };
}

/**
 * A scripted JT/T 808 terminal for gateway tests: a real TCP client that encodes with the real
 * codec and collects the platform's frames in arrival order.
 */
export class Jt808TestTerminal {
  private readonly received: Jt808Frame[] = [];
  private readonly waiters: (() => void)[] = [];
  private readonly splitter = new Jt808FrameSplitter();
  private serial = 0;
  /** Resolves when the platform closed (or the socket ended). */
  readonly closed: Promise<void>;
  private isClosed = false;

  private constructor(private readonly socket: Socket, readonly phone: string, readonly edition: Jt808Edition) {
    socket.on('data', (chunk: Buffer) => {
      for (const raw of this.splitter.push(chunk).frames) {
        const d = decodeFrame(raw);
        if (d.ok) this.received.push(d.value);
      }
      this.waiters.splice(0).forEach((w) => w());
    });
    socket.on('error', () => {});
    this.closed = new Promise((resolve) => socket.on('close', () => {
      this.isClosed = true;
      this.waiters.splice(0).forEach((w) => w());
      resolve();
    }));
  }

  /** Connects to the gateway on 127.0.0.1. */
  /** `from`: the local address to connect from (127.0.0.2 … look like another source address). */
  static connect(port: number, phone = '013800000001', edition: Jt808Edition = '2013', from?: string): Promise<Jt808TestTerminal> {
    return new Promise((resolve, reject) => {
      const socket = connect({ port, host: '127.0.0.1', ...(from && { localAddress: from }) }, () => resolve(new Jt808TestTerminal(socket, phone, edition)));
      socket.once('error', reject);
    });
  }

  /** Whether the socket is closed. */
  get closedNow(): boolean {
    return this.isClosed;
  }

  /** An encoded frame from this terminal (not sent). */
  frame(msgId: number, body: Uint8Array = new Uint8Array(0), options: TestSendOptions = {}): { bytes: Uint8Array; serial: number } {
    const serial = options.serial ?? this.serial++;
    const bytes = encodeFrame({
      msgId, phone: this.phone, serial, edition: this.edition, body,
      ...(options.subpackage && { subpackage: options.subpackage }),
    });
    return { bytes, serial };
  }

  /** Sends one message; returns its serial. */
  send(msgId: number, body?: Uint8Array, options?: TestSendOptions): number {
    const { bytes, serial } = this.frame(msgId, body, options);
    this.write(bytes);
    return serial;
  }

  /** Writes raw bytes. */
  write(bytes: Uint8Array): void {
    this.socket.write(bytes);
  }

  /** Sends a 0x0200 built from `input`; returns its serial. */
  sendLocation(input: Partial<Jt808LocationInput> = {}): number {
    return this.send(Jt808MsgId.Location, locationBody(input));
  }

  /** Waits for the next platform frame with `msgId` (earlier frames of other ids stay queued). */
  async next(msgId: number, timeoutMs = 2000): Promise<Jt808Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = this.received.findIndex((f) => f.header.msgId === msgId);
      if (i >= 0) return this.received.splice(i, 1)[0]!;
      const left = deadline - Date.now();
      if (left <= 0 || this.isClosed) throw new Error(`no 0x${msgId.toString(16)} within ${timeoutMs} ms (closed: ${this.isClosed})`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** Waits for the 0x8001 answering `serial`. */
  async ackFor(serial: number, timeoutMs = 2000): Promise<Jt808GeneralResponse> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = this.received.findIndex((f) => f.header.msgId === Jt808MsgId.PlatformGeneralResponse && generalResponse(f).replySerial === serial);
      if (i >= 0) return generalResponse(this.received.splice(i, 1)[0]!);
      const left = deadline - Date.now();
      if (left <= 0 || this.isClosed) throw new Error(`no 0x8001 for serial ${serial} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** Waits for the platform's next `msgId` (a command) and answers it with a 0x0001 of `result` (0 done); returns the command's frame. */
  async answer(msgId: number, result = 0, timeoutMs = 5000): Promise<Jt808Frame> {
    const command = await this.next(msgId, timeoutMs);
    this.send(Jt808MsgId.TerminalGeneralResponse, encodeGeneralResponse({ replySerial: command.header.serial, replyMsgId: msgId, result }));
    return command;
  }

  /** Frames received and not yet taken. */
  pending(): Jt808Frame[] {
    return [...this.received];
  }

  /** Registers; resolves with the 0x8100 result and auth code. */
  async register(): Promise<{ result: number; authCode?: string }> {
    const serial = this.send(Jt808MsgId.Register, encodeRegister(
      { province: 44, city: 100, maker: 'TLU01', model: 'T808', deviceId: 'D000001', plateColor: 1, plate: '粤B12345' },
      this.edition === '2019' ? '2019' : '2013',
    ));
    const res = decodeRegisterResponse((await this.next(Jt808MsgId.RegisterResponse)).body);
    if (!res.ok || res.value.replySerial !== serial) throw new Error('bad 0x8100');
    return res.value.authCode === undefined ? { result: res.value.result } : { result: res.value.result, authCode: res.value.authCode };
  }

  /** Authenticates; resolves with the 0x8001 result. */
  async authenticate(authCode: string): Promise<number> {
    const serial = this.send(Jt808MsgId.Authenticate, encodeAuth({ authCode, imei: '860000000000001', softwareVersion: '1.0' }, this.edition));
    return (await this.ackFor(serial)).result;
  }

  /** Register + authenticate; throws unless both succeed. */
  async login(): Promise<void> {
    const reg = await this.register();
    if (reg.result !== 0 || reg.authCode === undefined) throw new Error(`register result ${reg.result}`);
    const auth = await this.authenticate(reg.authCode);
    if (auth !== 0) throw new Error(`auth result ${auth}`);
  }

  /** Closes the socket. */
  close(): void {
    this.socket.destroy();
  }
}

/** A 0x0200 body with defaults for what the test does not care about. */
export function locationBody(input: Partial<Jt808LocationInput> = {}): Uint8Array {
  return encodeLocation({
    latitude: 22.543096, longitude: 114.057865, speedKmh: 60, direction: 90, altitude: 12,
    gpsTime: new Date('2026-01-01T08:00:00+08:00'), ...input,
  });
}

function generalResponse(frame: Jt808Frame): Jt808GeneralResponse {
  const d = decodeGeneralResponse(frame.body);
  if (!d.ok) throw new Error('bad 0x8001 body');
  return d.value;
}
