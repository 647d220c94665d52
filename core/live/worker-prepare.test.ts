import { afterAll, describe, expect, it, vi } from 'vitest';
import { openWorkerWebSocket, prepareSocketWorker, WorkerWebSocket } from './worker-web-socket';

// Runs with modules of its own (FRESH_MODULES in vitest.config.ts): the module remembers a worker
// that failed, for the rest of the page's life.

class StubWorker {
  static made: StubWorker[] = [];
  onerror: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  readonly posted: unknown[] = [];
  terminated = false;
  constructor() {
    StubWorker.made.push(this);
  }
  postMessage(cmd: unknown) {
    this.posted.push(cmd);
  }
  terminate() {
    this.terminated = true;
  }
}

vi.stubGlobal('Worker', StubWorker);
afterAll(() => vi.unstubAllGlobals());

describe('a worker started ahead (prepareSocketWorker)', () => {
  it('is the one the first socket opens in; a second start and a second socket make their own', () => {
    StubWorker.made = [];
    prepareSocketWorker();
    prepareSocketWorker();
    expect(StubWorker.made).toHaveLength(1);
    expect(openWorkerWebSocket('ws://x/ws')).toBeInstanceOf(WorkerWebSocket);
    expect(StubWorker.made).toHaveLength(1);
    expect(StubWorker.made[0]!.posted).toEqual([{ op: 'open', url: 'ws://x/ws' }]);
    openWorkerWebSocket('ws://x/ws');
    expect(StubWorker.made).toHaveLength(2);
  });

  it('whose script fails before any socket takes it is dropped, and sockets open on the page', () => {
    StubWorker.made = [];
    prepareSocketWorker();
    const [failed] = StubWorker.made;
    failed!.onerror?.(new Event('error'));
    expect(failed!.terminated).toBe(true);
    expect(openWorkerWebSocket('ws://x/ws')).toBeUndefined();
    expect(failed!.posted).toEqual([]);
  });
});
