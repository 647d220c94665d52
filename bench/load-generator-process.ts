/**
 * Runs a {@link LoadGenerator} in a child process, so the terminals' encoding and socket work
 * lands on the machine's other core instead of the gateway's event loop (real terminals are not
 * inside the server either). The parent drives it over IPC; the child exits when the parent goes.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { LoadGenerator, type LoadWindow } from './jt808-load-generator';

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
  | { cmd: 'window' }
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
        return gen.window();
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
