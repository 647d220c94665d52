/**
 * The live channel's socket in a worker: receiving and parsing 10,000 positions a second would
 * otherwise hold the page's main thread for a frame or more. Small messages pass through as text;
 * large positions and snapshot messages are parsed here and handed over in parts.
 */
import { messageParts, type WorkerSocketCommand, type WorkerSocketEvent } from './worker-socket-protocol';

interface WorkerScope {
  onmessage: ((ev: MessageEvent<WorkerSocketCommand>) => void) | null;
  postMessage(event: WorkerSocketEvent): void;
  close(): void;
}

const scope = self as unknown as WorkerScope;
let socket: WebSocket | undefined;
/** What the page sent while the socket was opening: it goes out the moment the socket opens, before the page hears of it. */
let pending: string[] = [];

function forward(data: unknown): void {
  for (const part of messageParts(data)) scope.postMessage({ ev: 'message', data: part });
}

scope.onmessage = (ev) => {
  const cmd = ev.data;
  if (cmd.op === 'open') {
    const ws = new WebSocket(cmd.url);
    socket = ws;
    ws.onopen = () => {
      for (const data of pending) ws.send(data);
      pending = [];
      scope.postMessage({ ev: 'open' });
    };
    ws.onmessage = (m) => forward(m.data);
    ws.onerror = () => scope.postMessage({ ev: 'error' });
    ws.onclose = (e) => {
      scope.postMessage({ ev: 'close', code: e.code, reason: e.reason });
      scope.close();
    };
  } else if (cmd.op === 'send') {
    if (socket?.readyState === WebSocket.CONNECTING) pending.push(cmd.data);
    else socket?.send(cmd.data);
  } else {
    socket?.close(cmd.code, cmd.reason);
  }
};
