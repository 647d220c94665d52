/**
 * Runs a {@link LoadGenerator} in a child process, so the terminals' encoding and socket work
 * lands on the machine's other core instead of the gateway's event loop (real terminals are not
 * inside the server either). The parent drives it over IPC; the child exits when the parent goes.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { phoneAt } from '../server/sim/index';
import { LoadGenerator, percentile, type LoadWindow } from './jt808-load-generator';

/** What the child needs; fix times run `fixBaseMs + k s` per terminal, so every report is a new row. */
export interface ForkedLoadOptions {
  /** jt808 (default) or gt06. */
  protocol?: 'jt808' | 'gt06';
  port: number;
  terminals: number;
  startPhone: string;
  fixBaseMs: number;
  window?: number;
}

type Command =
  | { cmd: 'connect' }
  | { cmd: 'start'; rate: number }
  | { cmd: 'mark' }
  | { cmd: 'window'; samples?: boolean }
  | { cmd: 'stop'; drainMs: number };

interface Reply {
  id: number;
  result?: unknown;
  error?: string;
}

/** The parent's handle on the child. */
export class ForkedLoadGenerator {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

  private constructor(private readonly child: ChildProcess) {
    child.on('message', (m: Reply) => {
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (m.error !== undefined) p?.reject(new Error(m.error));
      else p?.resolve(m.result);
    });
    child.on('exit', (code) => {
      for (const p of this.pending.values()) p.reject(new Error(`load generator exited (${code})`));
      this.pending.clear();
    });
  }

  /** Forks the child (TypeScript through tsx) with its options. */
  static start(options: ForkedLoadOptions): ForkedLoadGenerator {
    const child = fork(fileURLToPath(import.meta.url), ['--child', JSON.stringify(options)], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    return new ForkedLoadGenerator(child);
  }

  connect(): Promise<{ online: number; failed: number; ms: number; firstError?: string }> {
    return this.call({ cmd: 'connect' });
  }

  start(rate: number): Promise<void> {
    return this.call({ cmd: 'start', rate });
  }

  mark(): Promise<void> {
    return this.call({ cmd: 'mark' });
  }

  window(): Promise<LoadWindow> {
    return this.call({ cmd: 'window' });
  }

  /** The window with every ack latency sample of it, sorted, for merging across generators. */
  windowWithSamples(): Promise<LoadWindow & { samples: number[] }> {
    return this.call({ cmd: 'window', samples: true });
  }

  /** Stops sending, waits up to `drainMs` for open acks, closes the sockets; the child then exits. */
  stop(drainMs: number): Promise<{ totals: LoadGenerator['totals']; open: number }> {
    return this.call({ cmd: 'stop', drainMs });
  }

  kill(): void {
    if (this.child.exitCode === null) this.child.kill();
  }

  private call<T>(command: Command): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.child.send({ id, ...command });
    });
  }
}

/**
 * The fleet split over `processes` forked generators (terminal ranges and rate shared evenly), so
 * one generator's event loop is never the limit of what is offered: each is one core at most.
 * Same calls as {@link ForkedLoadGenerator}; windows are merged from every sample.
 */
export class ForkedLoadGenerators {
  private constructor(private readonly parts: { gen: ForkedLoadGenerator; share: number }[]) {}

  static start(options: ForkedLoadOptions & { processes: number }): ForkedLoadGenerators {
    const k = Math.max(1, Math.min(options.processes, options.terminals));
    const parts: { gen: ForkedLoadGenerator; share: number }[] = [];
    let first = 0;
    for (let i = 0; i < k; i++) {
      const terminals = Math.floor(options.terminals / k) + (i < options.terminals % k ? 1 : 0);
      const { processes: _, ...own } = options;
      parts.push({ gen: ForkedLoadGenerator.start({ ...own, terminals, startPhone: phoneAt(options.startPhone, first) }), share: terminals / options.terminals });
      first += terminals;
    }
    return new ForkedLoadGenerators(parts);
  }

  get processes(): number {
    return this.parts.length;
  }

  async connect(): Promise<{ online: number; failed: number; ms: number; firstError?: string }> {
    const all = await Promise.all(this.parts.map((p) => p.gen.connect()));
    return {
      online: all.reduce((n, r) => n + r.online, 0), failed: all.reduce((n, r) => n + r.failed, 0), ms: Math.max(...all.map((r) => r.ms)),
      ...(all.find((r) => r.firstError) && { firstError: all.find((r) => r.firstError)!.firstError }),
    };
  }

  async start(rate: number): Promise<void> {
    await Promise.all(this.parts.map((p) => p.gen.start(rate * p.share)));
  }

  async mark(): Promise<void> {
    await Promise.all(this.parts.map((p) => p.gen.mark()));
  }

  async window(): Promise<LoadWindow> {
    const all = await Promise.all(this.parts.map((p) => p.gen.windowWithSamples()));
    const sorted = Float64Array.from(all.flatMap((w) => w.samples)).sort();
    const sum = (pick: (w: LoadWindow) => number) => all.reduce((n, w) => n + pick(w), 0);
    const seconds = Math.max(...all.map((w) => w.seconds));
    return {
      seconds, offered: sum((w) => w.offered), sent: sum((w) => w.sent), skipped: sum((w) => w.skipped), acked: sum((w) => w.acked), refused: sum((w) => w.refused),
      ackMs: {
        p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), p99: percentile(sorted, 0.99),
        max: sorted.length ? sorted[sorted.length - 1]! : 0, mean: sorted.length ? sorted.reduce((a, b) => a + b, 0) / sorted.length : 0,
      },
      cpuCore: sum((w) => w.cpuCore),
    };
  }

  async stop(drainMs: number): Promise<{ totals: LoadGenerator['totals']; open: number }> {
    const all = await Promise.all(this.parts.map((p) => p.gen.stop(drainMs)));
    const totals = { offered: 0, sent: 0, skipped: 0, acked: 0, refused: 0 };
    for (const r of all) for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += r.totals[key];
    return { totals, open: all.reduce((n, r) => n + r.open, 0) };
  }

  kill(): void {
    for (const p of this.parts) p.gen.kill();
  }
}

function runChild(options: ForkedLoadOptions): void {
  const gen = new LoadGenerator({ ...options, fixTime: (_index, k) => options.fixBaseMs + k * 1000 });
  const handle = async (command: Command): Promise<unknown> => {
    switch (command.cmd) {
      case 'connect':
        return gen.connect();
      case 'start':
        return gen.start(command.rate);
      case 'mark':
        return gen.mark();
      case 'window':
        return command.samples ? { ...gen.window(), samples: gen.windowSamples() } : gen.window();
      case 'stop': {
        gen.stopSending();
        const open = await gen.drain(command.drainMs);
        gen.close();
        setTimeout(() => process.exit(0), 50);
        return { totals: gen.totals, open };
      }
    }
  };
  process.on('message', (m: { id: number } & Command) => {
    handle(m).then(
      (result) => process.send!({ id: m.id, result }),
      (err: unknown) => process.send!({ id: m.id, error: err instanceof Error ? err.message : String(err) }),
    );
  });
  process.on('disconnect', () => process.exit(0));
}

if (process.argv[2] === '--child' && process.send) runChild(JSON.parse(process.argv[3]!) as ForkedLoadOptions);
