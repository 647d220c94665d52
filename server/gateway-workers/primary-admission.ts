import { AddressLimit } from '../gateway/address-limit';
import type { GatewayGuardSettings } from '../gateway/gateway-guard';
import type { LoginClaim, LoginVerdict } from '../gateway/login-policy';
import type { TerminalAdmission } from '../gateway/terminal-admission';
import type { WorkerToPrimary } from './worker-messages';

/** Sends a question to the primary and resolves with its reply. */
export type AskPrimary = <T>(message: WorkerToPrimary & { id: number }) => Promise<T>;

/**
 * A gateway worker's admission: the primary counts every worker's connections per address and
 * judges every login, since a terminal's live connection and an address's connections may be on
 * any worker. Addresses the cap does not count never cross the channel.
 */
export class PrimaryAdmission implements TerminalAdmission {
  private readonly local: AddressLimit;
  private readonly asked = new Set<string>();
  private nextId = 1;

  constructor(
    guard: GatewayGuardSettings,
    private readonly ask: AskPrimary,
    private readonly send: (message: WorkerToPrimary) => void,
    /** Ids for questions, shared with the worker's other calls to the primary. */
    private readonly callId: () => number = () => this.nextId++,
  ) {
    this.local = new AddressLimit(guard.maxConnectionsPerAddress, guard.uncappedAddresses);
  }

  connectionOpened(key: string, host: string): boolean | Promise<boolean> {
    if (!this.local.applies(host)) return true;
    this.asked.add(key);
    // the primary unreachable (shutting down): let the connection be
    return this.ask<boolean>({ t: 'connOpen', id: this.callId(), key, host }).catch(() => true);
  }

  connectionClosed(key: string): void {
    if (this.asked.delete(key)) this.send({ t: 'connClosed', key });
  }

  claimLogin(claim: LoginClaim): Promise<LoginVerdict> {
    return this.ask<LoginVerdict>({ t: 'claim', id: this.callId(), claim });
  }
}
