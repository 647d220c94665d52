import { describe, expect, it } from 'vitest';
import type { MonitorItem } from '@tianlu/sdk';
import { LiveConnection } from './live-connection';
import { LivePositions } from './live-positions';
import { PositionQueue } from './position-queue';
import { messageParts, POSITION_PART, type WorkerSocketCommand, type WorkerSocketEvent } from './worker-socket-protocol';
import { openWorkerWebSocket, WorkerWebSocket } from './worker-web-socket';

const item = (terminalNo: string, lon = 116): MonitorItem =>
  ({ terminalNo, plateNo: `京A${terminalNo}`, online: true, lon, lat: 39.9, speed: 30, course: 90, altitude: 0, gpsTime: '2026-01-01T08:00:00+08:00', alarmFlags: 0, statusFlags: 3, mileage: 0 }) as MonitorItem;

/** The worker at the edge of the test: it answers commands as live-socket-worker.ts does, the test plays the server. */
class FakeWorker {
  onmessage: ((ev: MessageEvent<WorkerSocketEvent>) => void) | null = null;
  onerror: (() => void) | null = null;
  readonly commands: WorkerSocketCommand[] = [];
  terminated = false;
  postMessage(cmd: WorkerSocketCommand) {
    this.commands.push(cmd);
  }
  terminate() {
    this.terminated = true;
  }
  /** The worker's script failed to load. */
  fail() {
    this.onerror?.();
  }
  emit(e: WorkerSocketEvent) {
    this.onmessage?.(new MessageEvent('message', { data: e }));
  }
  /** The server sends `msg`; the worker forwards it as it would. */
  serverSends(msg: object) {
    for (const data of messageParts(JSON.stringify(msg))) this.emit({ ev: 'message', data });
  }
}

function setup() {
  const worker = new FakeWorker();
  const wants = { positions: true };
  const positions = new LivePositions();
  const slices: (() => void)[] = [];
  const queue = new PositionQueue(positions, { schedule: (s) => slices.push(s) });
  const storage = { get: (key: string) => (key.includes('session') ? 'sid-1' : { userId: 7 }), remove: () => undefined };
  const connection = new LiveConnection({
    storage: storage as never,
    dialogs: { showSessionExpired: () => undefined } as never,
    win: window,
    options: { webSocketFactory: (url: string) => new WorkerWebSocket(url, worker as unknown as Worker) } as never,
    positions: queue,
    setStatus: () => undefined,
    wantsPositions: () => wants.positions,
    positionsArrived: () => undefined,
    emit: () => undefined,
  });
  const nextFrames = () => {
    while (slices.length) slices.shift()!();
  };
  return { worker, positions, connection, nextFrames, wants };
}

describe('WorkerWebSocket', () => {
  it('opens the socket in the worker with the auth message, which the worker sends as the socket opens; nothing more once the page hears of it', () => {
    const { worker, connection } = setup();
    connection.open();
    expect(worker.commands[0]).toMatchObject({ op: 'open', url: expect.stringMatching(/\/ws$/) });
    expect(worker.commands[1]).toEqual({ op: 'send', data: JSON.stringify({ type: 'auth', sessionId: 'sid-1', userId: 7, positions: true }) });
    worker.emit({ ev: 'open' });
    expect(worker.commands).toHaveLength(2);
    connection.stop();
    expect(worker.commands.at(-1)).toEqual({ op: 'close', code: 1000, reason: undefined });
  });

  it('says at open that positions are no longer wanted when the page changed its mind while the socket opened', () => {
    const { worker, connection, wants } = setup();
    connection.open();
    wants.positions = false;
    connection.subscribe(false);
    worker.emit({ ev: 'open' });
    expect(worker.commands.slice(1).map((c) => (c.op === 'send' ? JSON.parse(c.data) : c))).toEqual([
      { type: 'auth', sessionId: 'sid-1', userId: 7, positions: true },
      { type: 'subscribe', positions: false },
    ]);
    connection.stop();
  });

  it('a large snapshot and positions parsed in the worker arrive in parts and end as the whole messages', () => {
    const { worker, positions, connection, nextFrames } = setup();
    connection.open();
    worker.emit({ ev: 'open' });
    const fleet = Array.from({ length: 2500 }, (_, i) => item(String(i)));
    positions.write([item('gone')]);
    worker.serverSends({ type: 'snapshot', list: fleet });
    expect(positions.has('gone')).toBe(false);
    nextFrames();
    expect(positions.size).toBe(2500);
    const moved = fleet.map((i) => ({ ...i, lon: 117 }));
    expect(messageParts(JSON.stringify({ type: 'positions', list: moved }))).toHaveLength(Math.ceil(2500 / POSITION_PART));
    worker.serverSends({ type: 'positions', list: moved });
    worker.serverSends({ type: 'positions', list: [item('7', 118)] });
    nextFrames();
    expect([...positions.values()].filter((i) => i.lon !== 117).map((i) => [i.terminalNo, i.lon])).toEqual([['7', 118]]);
  });

  it('reports the close and ends the worker', () => {
    const { worker, connection } = setup();
    connection.open();
    worker.emit({ ev: 'open' });
    worker.emit({ ev: 'close', code: 1006, reason: '' });
    expect(worker.terminated).toBe(true);
    connection.stop();
  });

  it('when the worker cannot start, the connection retries and later sockets open on the page', () => {
    const { worker, connection } = setup();
    const OriginalWorker = globalThis.Worker;
    const created: string[] = [];
    globalThis.Worker = class {
      constructor(url: URL) {
        created.push(String(url));
      }
      postMessage() {}
      terminate() {}
    } as unknown as typeof Worker;
    try {
      expect(openWorkerWebSocket('ws://x/ws')).toBeInstanceOf(WorkerWebSocket);
      connection.open();
      worker.fail();
      expect(worker.terminated).toBe(true);
      expect(openWorkerWebSocket('ws://x/ws')).toBeUndefined();
      expect(created).toHaveLength(1);
    } finally {
      globalThis.Worker = OriginalWorker;
      connection.stop();
    }
  });
});
