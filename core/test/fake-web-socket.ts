import type { WebSocketFactory, WebSocketLike } from '../kernel-tokens';

/** A WebSocket at the edge of a test: records what the client sends, lets the test play the server. */
export class FakeWebSocket implements WebSocketLike {
  readyState = 0;
  /** Client messages, parsed. */
  readonly sent: Record<string, unknown>[] = [];
  /** Set when the client closed the socket. */
  closedWith: number | undefined = undefined;
  onopen: ((ev: Event) => unknown) | null = null;
  onmessage: ((ev: MessageEvent) => unknown) | null = null;
  onclose: ((ev: CloseEvent) => unknown) | null = null;
  onerror: ((ev: Event) => unknown) | null = null;

  constructor(readonly url: string) {}

  /** The connection opens. */
  open(): this {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
    return this;
  }

  /** The server sends `msg` (JSON-encoded as the real one). */
  receive(msg: object): this {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(msg) }));
    return this;
  }

  /** The server (or the network) ends the connection. */
  drop(code = 1006, reason = ''): this {
    this.readyState = 3;
    this.onclose?.({ code, reason, wasClean: false } as CloseEvent);
    return this;
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }

  close(code = 1000): void {
    this.readyState = 3;
    this.closedWith = code;
  }
}

/** Hands out {@link FakeWebSocket}s and keeps them for the test to drive. */
export class FakeWebSockets {
  readonly sockets: FakeWebSocket[] = [];
  readonly factory: WebSocketFactory = (url) => {
    const socket = new FakeWebSocket(url);
    this.sockets.push(socket);
    return socket;
  };

  get last(): FakeWebSocket | undefined {
    return this.sockets[this.sockets.length - 1];
  }
}
