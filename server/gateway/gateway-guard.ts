/**
 * What keeps a terminal port usable when someone hostile knows it: connections that never say who
 * they are, one address opening thousands of them, and a device whose IMEI (GT06 and watch frames
 * carry no secret) someone else logs in with.
 */
export interface GatewayGuardSettings {
  /** Close a connection that has not identified (logged in, authenticated) within this long; 0 never. */
  identifyTimeoutMs: number;
  /** Connections one source address may hold at once, across the ports; 0 no cap. */
  maxConnectionsPerAddress: number;
  /** Source addresses the cap does not count (the machine's own simulator, benchmarks and tests). */
  uncappedAddresses: readonly string[];
  /** Logins one terminal may make per minute; 0 no limit. */
  loginsPerMinute: number;
  /**
   * A live connection heard from within this long is not replaced by a login from another address:
   * the new connection is refused and reported as suspected impersonation.
   */
  takeoverSilentMs: number;
}

export const DEFAULT_GATEWAY_GUARD: GatewayGuardSettings = {
  identifyTimeoutMs: 30_000,
  maxConnectionsPerAddress: 2000,
  uncappedAddresses: ['127.0.0.1', '::1'],
  loginsPerMinute: 10,
  takeoverSilentMs: 120_000,
};

/** The address a socket reports, without the IPv4-mapped prefix of a dual-stack listener. */
export function hostOf(address: string | undefined): string {
  if (!address) return '?';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}
