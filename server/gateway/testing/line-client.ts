import { connect, type Socket } from 'node:net';

/** A TCP client of the line protocol (testing/line-protocol.ts): collects the gateway's reply lines. */
export class LineClient {
  readonly lines: string[] = [];
  closed = false;

  private constructor(private readonly socket: Socket) {
    let buf = '';
    socket.on('data', (d) => {
      buf += d.toString();
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        this.lines.push(buf.slice(0, nl));
        buf = buf.slice(nl + 1);
      }
    });
    socket.on('close', () => (this.closed = true));
    socket.on('error', () => {});
  }

  /** Connects from `from` (another loopback address, such as 127.0.0.2, is another source). */
  static connect(port: number, from = '127.0.0.1'): Promise<LineClient> {
    return new Promise((resolve, reject) => {
      const s = connect({ port, host: '127.0.0.1', localAddress: from }, () => resolve(new LineClient(s)));
      s.once('error', reject);
    });
  }

  send(text: string): void {
    this.socket.write(text);
  }

  close(): void {
    this.socket.destroy();
  }
}
