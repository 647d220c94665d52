/**
 * Counts the open connections of each source address and refuses those beyond the cap. Keyed by
 * connection so a close is counted once, and only for a connection that was let in.
 */
export class AddressLimit {
  private readonly open = new Map<string, number>();
  private readonly counted = new Map<string, string>();
  private readonly uncapped: ReadonlySet<string>;

  constructor(private readonly max: number, uncapped: readonly string[]) {
    this.uncapped = new Set(uncapped);
  }

  /** Whether the address is counted at all (a cap is set and the address is not exempt). */
  applies(host: string): boolean {
    return this.max > 0 && !this.uncapped.has(host);
  }

  /** Lets connection `key` from `host` in when the address is below the cap; false: refuse it. */
  tryOpen(key: string, host: string): boolean {
    if (!this.applies(host)) return true;
    const n = this.open.get(host) ?? 0;
    if (n >= this.max) return false;
    this.open.set(host, n + 1);
    this.counted.set(key, host);
    return true;
  }

  /** Connection `key` ended. */
  close(key: string): void {
    const host = this.counted.get(key);
    if (host === undefined) return;
    this.counted.delete(key);
    const n = (this.open.get(host) ?? 1) - 1;
    if (n <= 0) this.open.delete(host);
    else this.open.set(host, n);
  }

  /** Ends every connection whose key starts with `prefix` (a gateway worker that died). */
  closeAll(prefix: string): void {
    for (const key of [...this.counted.keys()]) if (key.startsWith(prefix)) this.close(key);
  }
}
