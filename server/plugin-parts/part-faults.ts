import { AsyncLocalStorage } from 'node:async_hooks';

/** Told when code of an installed part threw where nothing caught it (a job's timer, a promise left floating). */
export type FaultHandler = (systemId: string, err: unknown) => void;

interface PartCall {
  systemId: string;
  onFault: FaultHandler;
}

// one pair of process listeners for every server of the process (tests run several)
const calls = new AsyncLocalStorage<PartCall>();
const holders = new Set<object>();

function onException(err: unknown): void {
  const call = calls.getStore();
  if (call) return call.onFault(call.systemId, err);
  // not a part's: what Node does when nobody listens, unless someone else listens (a test runner)
  if (process.listenerCount('uncaughtException') > 1) return;
  console.error(err);
  process.exit(1);
}

function onRejection(reason: unknown): void {
  const call = calls.getStore();
  if (call) return call.onFault(call.systemId, reason);
  if (process.listenerCount('unhandledRejection') > 1) return;
  // Node's default for an unhandled rejection: raised as an uncaught exception
  throw reason;
}

/**
 * Keeps a part's uncaught errors to the part. Code of a part runs through `run`, so its timers and
 * promises carry the part's name (async context); an error none of them caught reaches the process
 * listeners with that name, and the part is stopped instead of the server. Errors of any other code
 * keep Node's default: the process stops.
 */
export class PartFaults {
  constructor(private readonly onFault: FaultHandler) {}

  /** Runs part code (its import, services, jobs, route handlers) as the part's. */
  run<T>(systemId: string, fn: () => T): T {
    return calls.run({ systemId, onFault: this.onFault }, fn);
  }

  /** Listens on the process until `release()`. */
  hold(): void {
    if (holders.size === 0) {
      process.on('uncaughtException', onException);
      process.on('unhandledRejection', onRejection);
    }
    holders.add(this);
  }

  release(): void {
    if (!holders.delete(this) || holders.size > 0) return;
    process.off('uncaughtException', onException);
    process.off('unhandledRejection', onRejection);
  }
}
