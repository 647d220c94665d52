import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkerSocketCommand, WorkerSocketEvent } from './worker-socket-protocol';

/** The browser's WebSocket at the edge of the worker: the test opens it and reads what was sent. */
class FakeSocket {
  static last: FakeSocket | undefined;
  readyState: number = WebSocket.CONNECTING;
  readonly sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((m: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((e: { code: number; reason: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  send(data: string) {
    if (this.readyState !== WebSocket.OPEN) throw new Error('InvalidStateError: still connecting');
    this.sent.push(data);
    order.push(`sent ${data}`);
  }
  close() {}
  opens() {
    this.readyState = WebSocket.OPEN;
    this.onopen?.();
  }
}

const posted: WorkerSocketEvent[] = [];
/** What the socket sent and what the page was told, in turn. */
const order: string[] = [];
/** The worker's message handler, taken off the page's window once the script has set it (other tests share this window). */
let command: (cmd: WorkerSocketCommand) => void;

type Scope = { postMessage: (e: WorkerSocketEvent) => void; onmessage: ((ev: MessageEvent) => void) | null };

beforeAll(async () => {
  const scope = self as unknown as Scope;
  const before = scope.onmessage;
  await import('./live-socket-worker');
  const handler = scope.onmessage!;
  scope.onmessage = before;
  command = (cmd) => handler(new MessageEvent('message', { data: cmd }));
});
beforeEach(() => {
  posted.length = 0;
  order.length = 0;
  vi.spyOn(self as unknown as Scope, 'postMessage').mockImplementation((e) => {
    posted.push(e);
    order.push(`told ${e.ev}`);
  });
  vi.stubGlobal('WebSocket', Object.assign(FakeSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the live socket worker', () => {
  it('sends what the page gave it while opening the moment the socket opens, before telling the page', () => {
    command({ op: 'open', url: 'ws://x/ws' });
    command({ op: 'send', data: 'auth' });
    const socket = FakeSocket.last!;
    expect(socket.sent).toEqual([]);
    socket.opens();
    // the page hears of the open only after the auth went out
    expect(order).toEqual(['sent auth', 'told open']);
    expect(posted).toEqual([{ ev: 'open' }]);
    command({ op: 'send', data: 'ping' });
    expect(socket.sent).toEqual(['auth', 'ping']);
  });
});
