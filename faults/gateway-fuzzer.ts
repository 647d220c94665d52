/**
 * The hostile side of the gateway fault tests, in a child process so that building and sending a
 * million mutated frames, and holding thousands of sockets, land on the machine's other core and
 * file-descriptor table rather than on the server's event loop (a real attacker is not inside the
 * server either). The parent drives it over IPC; the child exits when the parent goes.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { FUZZ_PROTOCOLS, type FuzzProtocol } from './fuzz-frames';
import {
  HeldConnections, fuzzProtocol, type FuzzOptions, type FuzzSent, type HeldStatus, type HoldKind, type HoldOptions,
} from './fuzz-connections';

export type { FuzzPorts, FuzzSent, HeldStatus, HoldKind } from './fuzz-connections';

type Command =
  | { cmd: 'fuzz'; options: FuzzOptions }
  | { cmd: 'hold'; options: HoldOptions }
  | { cmd: 'held' }
  | { cmd: 'release' };

/** The parent's handle on the child. */
export class GatewayFuzzer {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

  private constructor(private readonly child: ChildProcess) {
    child.on('message', (m: { id: number; result?: unknown; error?: string }) => {
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (m.error !== undefined) p?.reject(new Error(m.error));
      else p?.resolve(m.result);
    });
    child.on('exit', (code) => {
      for (const p of this.pending.values()) p.reject(new Error(`fuzzer exited (${code})`));
      this.pending.clear();
    });
  }

  /** Forks the child (TypeScript through tsx). */
  static start(): GatewayFuzzer {
    const child = fork(fileURLToPath(import.meta.url), ['--child'], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    return new GatewayFuzzer(child);
  }

  /** Sends the mutated frames; resolves when every protocol's share is out. */
  fuzz(options: FuzzOptions): Promise<Record<FuzzProtocol, FuzzSent>> {
    return this.call({ cmd: 'fuzz', options });
  }

  /** Opens held connections; resolves once every connect settled. */
  hold(options: HoldOptions): Promise<HeldStatus> {
    return this.call({ cmd: 'hold', options });
  }

  /** Status of the held connections, by kind. */
  held(): Promise<Partial<Record<HoldKind, HeldStatus>>> {
    return this.call({ cmd: 'held' });
  }

  /** Closes every held connection. */
  release(): Promise<void> {
    return this.call({ cmd: 'release' });
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

function runChild(): void {
  const held = new HeldConnections();
  const handle = async (command: Command): Promise<unknown> => {
    switch (command.cmd) {
      case 'fuzz': {
        const results = await Promise.all(FUZZ_PROTOCOLS.map((p) => fuzzProtocol(p, command.options)));
        return Object.fromEntries(FUZZ_PROTOCOLS.map((p, i) => [p, results[i]]));
      }
      case 'hold':
        return held.hold(command.options);
      case 'held':
        return held.status();
      case 'release':
        return held.release();
    }
  };
  process.on('message', (m: { id: number } & Command) => {
    handle(m).then(
      (result) => process.send!({ id: m.id, result }),
      (err: unknown) => process.send!({ id: m.id, error: err instanceof Error ? err.stack ?? err.message : String(err) }),
    );
  });
  process.on('disconnect', () => process.exit(0));
}

if (process.argv[2] === '--child' && process.send) runChild();
