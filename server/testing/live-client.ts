import WebSocket from 'ws';
import type { LiveStreams } from '../../sdk/live-messages';

/** A /ws client for tests: collects every server message in order. */
export class LiveTestClient {
  readonly messages: Record<string, unknown>[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => this.messages.push(JSON.parse(String(data)) as Record<string, unknown>));
    this.closed = new Promise((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  }

  static async connect(port: number): Promise<LiveTestClient> {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new LiveTestClient(socket);
  }

  /**
   * Connects as the session of `caller` (its sessionId and userId) and waits for the snapshot, or
   * for `ready` when `streams` turn positions off.
   */
  static async authenticated(port: number, caller: { sessionId?: string; userId?: number | string }, streams?: LiveStreams): Promise<LiveTestClient> {
    const client = await LiveTestClient.connect(port);
    client.send({ type: 'auth', sessionId: caller.sessionId, userId: caller.userId, ...streams });
    const awaited = streams?.positions === false ? 'ready' : 'snapshot';
    await client.until((m) => m.some((x) => x.type === awaited), 10_000, awaited);
    return client;
  }

  send(message: unknown): void {
    this.socket.send(JSON.stringify(message));
  }

  /** Messages of one type received so far. */
  of(type: string): Record<string, unknown>[] {
    return this.messages.filter((m) => m.type === type);
  }

  /** Waits until `check` holds over the messages received. */
  async until(check: (messages: Record<string, unknown>[]) => boolean, timeoutMs = 10_000, what = 'live messages'): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!check(this.messages)) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(this.messages).slice(0, 500)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** Everything the server sent before this returns has arrived (the socket keeps order). */
  async drained(): Promise<void> {
    const pongs = this.of('pong').length;
    this.send({ type: 'ping' });
    await this.until((m) => m.filter((x) => x.type === 'pong').length > pongs, 5000, 'pong');
  }

  close(): void {
    this.socket.close();
  }
}
