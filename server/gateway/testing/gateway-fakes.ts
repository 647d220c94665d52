import type {
  GatewayEvents, PositionRow, PositionSink, TerminalDirectory, TerminalIdentity, TerminalRegistration,
} from '../gateway-ports';
import type { ProtocolName } from '../device-protocol';

/** An in-memory terminal directory. */
export class MemoryTerminalDirectory implements TerminalDirectory {
  readonly terminals = new Map<string, TerminalIdentity>();
  readonly registrations: ({ terminalNo: string; registration: TerminalRegistration } | { terminalNo: string; protocol: ProtocolName })[] = [];
  private nextId = 1;

  /** Provisions a terminal (normalised number). */
  add(terminalNo: string, authCode = `AUTH-${terminalNo}`, tenantId = 1): TerminalIdentity {
    const identity = { terminalId: this.nextId++, tenantId, authCode };
    this.terminals.set(terminalNo, identity);
    return identity;
  }

  async lookup(terminalNo: string): Promise<TerminalIdentity | undefined> {
    return this.terminals.get(terminalNo);
  }

  async register(terminalNo: string, registration: TerminalRegistration): Promise<TerminalIdentity> {
    this.registrations.push({ terminalNo, registration });
    return this.add(terminalNo, `NEW-${terminalNo}`, 2);
  }

  async registerDevice(imei: string, protocol: Exclude<ProtocolName, 'jt808'>): Promise<TerminalIdentity> {
    this.registrations.push({ terminalNo: imei, protocol });
    return this.addDevice(imei, protocol, 2);
  }

  /** Provisions a device of another protocol by IMEI. */
  addDevice(imei: string, protocol: ProtocolName, tenantId = 1): TerminalIdentity {
    const identity = { terminalId: this.nextId++, tenantId, authCode: '', protocol };
    this.terminals.set(imei, identity);
    return identity;
  }
}

/** A pending writeBatch the test resolves or rejects by hand. */
export interface HeldBatch {
  rows: PositionRow[];
  commit(): void;
  fail(error?: Error): void;
}

/**
 * An in-memory sink. Immediate by default; `hold()` makes writes wait for the test
 * (`held[i].commit()` / `.fail()`), and `release()` commits everything held and returns to immediate.
 */
export class MemoryPositionSink implements PositionSink {
  readonly committed: PositionRow[] = [];
  readonly held: HeldBatch[] = [];
  batches = 0;
  private holding = false;
  private failing: Error | undefined;

  hold(): void {
    this.holding = true;
  }

  release(): void {
    this.holding = false;
    for (const b of this.held.splice(0)) b.commit();
  }

  /** Makes every following write fail (undefined: succeed again). */
  failWith(error: Error | undefined): void {
    this.failing = error;
  }

  writeBatch(rows: PositionRow[]): Promise<void> {
    this.batches++;
    if (this.failing) return Promise.reject(this.failing);
    if (!this.holding) {
      this.committed.push(...rows);
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      this.held.push({
        rows,
        commit: () => {
          this.committed.push(...rows);
          resolve();
        },
        fail: (error = new Error('commit failed')) => reject(error),
      });
    });
  }
}

/** Records every gateway event in order. */
export class EventRecorder implements GatewayEvents {
  readonly events: { name: keyof GatewayEvents; event: unknown }[] = [];

  terminalOnline(event: Parameters<GatewayEvents['terminalOnline']>[0]): void {
    this.events.push({ name: 'terminalOnline', event });
  }

  terminalOffline(event: Parameters<GatewayEvents['terminalOffline']>[0]): void {
    this.events.push({ name: 'terminalOffline', event });
  }

  positionsCommitted(rows: readonly PositionRow[]): void {
    this.events.push({ name: 'positionsCommitted', event: rows });
  }

  commandResponse(event: Parameters<GatewayEvents['commandResponse']>[0]): void {
    this.events.push({ name: 'commandResponse', event });
  }

  terminalTakeover(event: Parameters<GatewayEvents['terminalTakeover']>[0]): void {
    this.events.push({ name: 'terminalTakeover', event });
  }

  /** Events of one kind. */
  of<K extends keyof GatewayEvents>(name: K): Parameters<GatewayEvents[K]>[0][] {
    return this.events.filter((e) => e.name === name).map((e) => e.event as Parameters<GatewayEvents[K]>[0]);
  }
}

/** Polls `check` until it returns true (or throws after `timeoutMs`). */
export async function waitFor(check: () => boolean, timeoutMs = 2000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Resolves after `ms`. */
export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
