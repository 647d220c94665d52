import { AddressLimit } from './address-limit';
import type { GatewayEventHub } from './gateway-event-hub';
import type { GatewayGuardSettings } from './gateway-guard';
import { LoginPolicy, type LiveHolder, type LoginClaim, type LoginVerdict } from './login-policy';

/**
 * Who lets connections and logins in. In the server's process the gateway decides alone
 * ({@link LocalAdmission}); a gateway worker asks the primary, which sees every worker's
 * connections. A promise means the answer comes from elsewhere.
 */
export interface TerminalAdmission {
  /** Connection `key` from `host` opened; false (or a promise of it) refuses it. */
  connectionOpened(key: string, host: string): boolean | Promise<boolean>;
  connectionClosed(key: string): void;
  /** Whether the login may take the terminal; `localHolder` is this process's live connection of it. */
  claimLogin(claim: LoginClaim, localHolder: LiveHolder | undefined): LoginVerdict | Promise<LoginVerdict>;
}

/** Admission by this process alone: every protocol's gateway of one core shares the address counts and the login limits. */
export class LocalAdmission implements TerminalAdmission {
  private readonly addresses: AddressLimit;
  private readonly policy: LoginPolicy;

  constructor(guard: GatewayGuardSettings, events: GatewayEventHub) {
    this.addresses = new AddressLimit(guard.maxConnectionsPerAddress, guard.uncappedAddresses);
    this.policy = new LoginPolicy(guard, (event) => events.emit('terminalTakeover', event));
  }

  connectionOpened(key: string, host: string): boolean {
    return this.addresses.tryOpen(key, host);
  }

  connectionClosed(key: string): void {
    this.addresses.close(key);
  }

  claimLogin(claim: LoginClaim, localHolder: LiveHolder | undefined): LoginVerdict {
    return this.policy.judge(claim, localHolder);
  }
}
