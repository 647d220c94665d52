import { connect, type Socket } from 'node:net';

/**
 * A watch-protocol device over TCP for tests (`[3G*<imei>*<length>*<content>]` frames): sends what
 * a watch or collar reports and collects the frames the gateway sends back.
 */
export class WatchTestDevice {
  readonly frames: string[] = [];
  private rest = '';

  private constructor(private readonly socket: Socket, readonly imei: string) {
    socket.on('data', (d) => {
      this.rest += d.toString('latin1');
      let end: number;
      while (this.rest.startsWith('[') && (end = this.rest.indexOf(']')) > 0) {
        this.frames.push(this.rest.slice(0, end + 1));
        this.rest = this.rest.slice(end + 1);
      }
    });
    socket.on('error', () => {});
  }

  /** Connects to the watch gateway on `port` as the device `imei`. */
  static open(port: number, imei: string): Promise<WatchTestDevice> {
    return new Promise((resolve, reject) => {
      const s = connect(port, '127.0.0.1', () => resolve(new WatchTestDevice(s, imei)));
      s.once('error', reject);
    });
  }

  /** The frame of `content` (e.g. `LK,1200,0,80`) as this device sends it. */
  frame(content: string): Buffer {
    return Buffer.from(`[3G*${this.imei}*${Buffer.byteLength(content).toString(16).toUpperCase().padStart(4, '0')}*${content}]`);
  }

  send(content: string): void {
    this.socket.write(this.frame(content));
  }

  /** The first frame received whose content starts with `word` (taken off the list), waiting for it when none came yet. */
  async next(word: string, timeoutMs = 15_000): Promise<string> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const i = this.frames.findIndex((f) => f.split('*')[3]?.startsWith(word));
      if (i >= 0) return this.frames.splice(i, 1)[0]!;
      if (Date.now() > end) throw new Error(`no ${word}; got ${this.frames.join(' ')}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  close(): void {
    this.socket.destroy();
  }
}
