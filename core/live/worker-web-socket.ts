import type { WebSocketLike } from '../kernel-tokens';
import type { WorkerSocketCommand, WorkerSocketEvent } from './worker-socket-protocol';

const CONNECTING = 0;
const OPEN = 1;
const CLOSING = 2;
const CLOSED = 3;

/** Set when a worker failed before its socket opened: later connections open the socket on the page. */
let workerUnusable = false;

/**
 * A WebSocket whose connection lives in a worker (see live-socket-worker.ts): the page gets its
 * events, with large position messages already parsed (`data` is then an object, not text).
 */
export class WorkerWebSocket implements WebSocketLike {
  readyState = CONNECTING;
  onopen: ((ev: Event) => unknown) | null = null;
  onmessage: ((ev: MessageEvent) => unknown) | null = null;
  onclose: ((ev: CloseEvent) => unknown) | null = null;
  onerror: ((ev: Event) => unknown) | null = null;

  constructor(
    url: string,
    private readonly worker: Worker,
  ) {
    worker.onmessage = (ev: MessageEvent<WorkerSocketEvent>) => this.handle(ev.data);
    worker.onerror = () => {
      // a worker that never opened (its script failed to load): the next connection does without
      if (this.readyState === CONNECTING) workerUnusable = true;
      this.handle({ ev: 'close', code: 1006, reason: '' });
    };
    this.command({ op: 'open', url });
  }

  send(data: string): void {
    if (this.readyState === OPEN) this.command({ op: 'send', data });
  }

  /** Sends `data` the moment the socket opens (from the worker, not after the page heard of it), or now when it is open. */
  sendWhenOpen(data: string): void {
    if (this.readyState === CONNECTING || this.readyState === OPEN) this.command({ op: 'send', data });
  }

  close(code?: number, reason?: string): void {
    if (this.readyState >= CLOSING) return;
    this.readyState = CLOSING;
    this.command({ op: 'close', code, reason });
  }

  private handle(e: WorkerSocketEvent): void {
    switch (e.ev) {
      case 'open':
        this.readyState = OPEN;
        this.onopen?.(new Event('open'));
        break;
      case 'message':
        if (this.readyState === OPEN) this.onmessage?.(new MessageEvent('message', { data: e.data }));
        break;
      case 'error':
        this.onerror?.(new Event('error'));
        break;
      case 'close':
        if (this.readyState === CLOSED) return;
        this.readyState = CLOSED;
        this.worker.terminate();
        this.onclose?.({ code: e.code, reason: e.reason, wasClean: e.code === 1000 } as CloseEvent);
        break;
    }
  }

  private command(cmd: WorkerSocketCommand): void {
    this.worker.postMessage(cmd);
  }
}

/** A worker started ahead of the first connection (prepareSocketWorker), not yet given a socket. */
let spare: Worker | undefined;

function startWorker(): Worker {
  return new Worker(new URL('./live-socket-worker.ts', import.meta.url), { type: 'module', name: 'tianlu-live' });
}

/**
 * Starts the socket's worker now, for the first connection to take: its script loads and starts
 * while the console draws its first page, not after it. A worker whose script fails makes the
 * connections open their sockets on the page, as a failed one does in {@link WorkerWebSocket}.
 */
export function prepareSocketWorker(): void {
  if (spare || typeof Worker !== 'function' || workerUnusable) return;
  try {
    const worker = startWorker();
    worker.onerror = () => {
      workerUnusable = true;
      if (spare === worker) spare = undefined;
      worker.terminate();
    };
    spare = worker;
  } catch {
    /* the connection starts its own, or opens the socket on the page */
  }
}

/** A socket in a worker, or undefined where workers cannot be started (the caller opens one itself). */
export function openWorkerWebSocket(url: string): WebSocketLike | undefined {
  if (typeof Worker !== 'function' || workerUnusable) return undefined;
  try {
    const worker = spare ?? startWorker();
    spare = undefined;
    return new WorkerWebSocket(url, worker);
  } catch {
    return undefined;
  }
}
