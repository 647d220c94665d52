/**
 * A watch-protocol badge for the e2e scenarios: frames built from the protocol document
 * (`[3G*IMEI*LEN*content]`), sent over TCP to the server's watch port, with the server's answers
 * collected so a step can wait for its reply.
 */
import { connect, type Socket } from 'node:net';

/** A place as WGS84 degrees. */
export interface Place {
  lon: number;
  lat: number;
}

/** The status word of an SOS (AL) report. */
export const WATCH_SOS = '00010000';

export class WatchBadge {
  private received = '';

  private constructor(
    readonly imei: string,
    private readonly socket: Socket,
  ) {
    socket.on('data', (d) => (this.received += d.toString('latin1')));
  }

  /** Connects to the server's watch port and logs in (LK). */
  static async connect(port: number, imei: string): Promise<WatchBadge> {
    const socket = await new Promise<Socket>((resolve) => {
      const s = connect(port, '127.0.0.1', () => resolve(s));
    });
    const badge = new WatchBadge(imei, socket);
    await badge.send('LK,1200,0,80', 'LK');
    return badge;
  }

  /** `[3G*IMEI*LEN*content]`, LEN the content's length in hex. */
  frame(content: string): string {
    return `[3G*${this.imei}*${Buffer.byteLength(content).toString(16).toUpperCase().padStart(4, '0')}*${content}]`;
  }

  /** A UD (or AL) location body with a GPS fix at `place` and `at`, with the status word given. */
  static location(word: 'UD' | 'AL', place: Place, at: Date, status = '00000000'): string {
    const p = (n: number) => String(n).padStart(2, '0');
    const date = `${p(at.getUTCDate())}${p(at.getUTCMonth() + 1)}${p(at.getUTCFullYear() - 2000)}`;
    const time = `${p(at.getUTCHours())}${p(at.getUTCMinutes())}${p(at.getUTCSeconds())}`;
    return `${word},${date},${time},A,${place.lat.toFixed(6)},N,${place.lon.toFixed(6)},E,0.00,0,12.0,8,80,76,1200,0,${status},0,0,460,0,0`;
  }

  /** Sends a frame and, with `reply`, waits until the server's answer with that word arrives. */
  async send(content: string, reply?: string): Promise<void> {
    const before = this.received.length;
    this.socket.write(this.frame(content));
    if (!reply) return;
    for (const end = Date.now() + 15_000; !this.received.slice(before).includes(`*${reply}]`);) {
      if (Date.now() > end) throw new Error(`no ${reply} reply; got ${this.received.slice(before)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Everything the server sent so far. */
  get answers(): string {
    return this.received;
  }

  close(): void {
    this.socket.destroy();
  }
}
