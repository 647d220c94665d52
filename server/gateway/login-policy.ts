import type { PositionSource } from '../../sdk/position';
import type { GatewayGuardSettings } from './gateway-guard';
import type { TerminalTakeoverEvent } from './gateway-ports';

/** A connection asking to speak for a terminal it named (and the directory knows). */
export interface LoginClaim extends PositionSource {
  protocol: TerminalTakeoverEvent['protocol'];
  /** Source address and port of the asking connection. */
  address: string;
  host: string;
}

/** The connection that speaks for the terminal now. */
export interface LiveHolder {
  address: string;
  host: string;
  /** How long since anything arrived on it. */
  silentMs: number;
}

export type LoginVerdict = { ok: true } | { ok: false; reason: 'throttled' | 'impersonation' };

const WINDOW_MS = 60_000;

/**
 * Decides whether a login may take a terminal. Logins per terminal are limited per minute. A live
 * connection that was heard from recently is the real device as far as the platform can tell: a
 * login from another address is refused and reported, so a copied IMEI cannot push the device off
 * (nor store its own SOS). The same address (a device reconnecting through its NAT) or a holder gone
 * silent (a device that moved networks and left a dead connection behind) replaces it as before,
 * the latter reported too.
 */
export class LoginPolicy {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly settings: Pick<GatewayGuardSettings, 'loginsPerMinute' | 'takeoverSilentMs'>,
    private readonly report: (event: TerminalTakeoverEvent) => void,
    private readonly now: () => number = () => Date.now(),
  ) {}

  judge(claim: LoginClaim, holder: LiveHolder | undefined): LoginVerdict {
    if (!this.allow(claim.terminalNo)) return { ok: false, reason: 'throttled' };
    if (!holder || holder.host === claim.host) return { ok: true };
    const refused = holder.silentMs < this.settings.takeoverSilentMs;
    this.report({
      terminalNo: claim.terminalNo, terminalId: claim.terminalId, tenantId: claim.tenantId, protocol: claim.protocol,
      address: claim.address, liveAddress: holder.address, silentSeconds: Math.floor(holder.silentMs / 1000), refused,
    });
    return refused ? { ok: false, reason: 'impersonation' } : { ok: true };
  }

  private allow(terminalNo: string): boolean {
    const limit = this.settings.loginsPerMinute;
    if (limit <= 0) return true;
    const now = this.now();
    if (this.windows.size > 10_000) for (const [k, w] of this.windows) if (now - w.start >= WINDOW_MS) this.windows.delete(k);
    const w = this.windows.get(terminalNo);
    if (!w || now - w.start >= WINDOW_MS) {
      this.windows.set(terminalNo, { start: now, count: 1 });
      return true;
    }
    w.count++;
    return w.count <= limit;
  }
}
