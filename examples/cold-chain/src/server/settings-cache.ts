import { DEFAULT_SETTINGS, readSettings, type ColdChainSettings } from './temperature';

/** How long a tenant's settings are used before they are read again in the background. */
export const SETTINGS_TTL_MS = 30_000;

type Load = (tenantId: number) => Promise<Readonly<Record<string, unknown>>>;

/**
 * The tenants' settings for code that cannot wait (reading decoders are synchronous): `peek` answers
 * what was read last (the defaults before the first read arrives) and starts a read in the background
 * when that is older than SETTINGS_TTL_MS; `get` waits for a fresh one. A failed read keeps the last
 * values (the defaults when none) for another SETTINGS_TTL_MS and is reported to `onError`.
 */
export class SettingsCache {
  private readonly known = new Map<number, { settings: ColdChainSettings; at: number }>();
  private readonly reading = new Map<number, Promise<ColdChainSettings>>();
  private load: Load | undefined;

  constructor(
    private now: () => number = () => Date.now(),
    private onError: (tenantId: number, error: unknown) => void = () => {},
  ) {}

  /**
   * Where the values come from (the part's `ctx.settings.get`), set when the part starts, with what to
   * report a failed read to and the clock to age them by (the platform's).
   */
  attach(load: Load, options: { onError?: (tenantId: number, error: unknown) => void; now?: () => number } = {}): void {
    this.load = load;
    if (options.onError) this.onError = options.onError;
    if (options.now) this.now = options.now;
    this.known.clear();
  }

  peek(tenantId: number): ColdChainSettings {
    const known = this.known.get(tenantId);
    if (!known || this.now() - known.at > SETTINGS_TTL_MS) void this.refresh(tenantId).catch(() => undefined);
    return known?.settings ?? DEFAULT_SETTINGS;
  }

  async get(tenantId: number): Promise<ColdChainSettings> {
    const known = this.known.get(tenantId);
    if (known && this.now() - known.at <= SETTINGS_TTL_MS) return known.settings;
    return this.refresh(tenantId);
  }

  /** Reads the tenant's settings now (one read at a time per tenant). */
  refresh(tenantId: number): Promise<ColdChainSettings> {
    const pending = this.reading.get(tenantId);
    if (pending) return pending;
    const load = this.load;
    if (!load) return Promise.resolve(this.known.get(tenantId)?.settings ?? DEFAULT_SETTINGS);
    const read = load(tenantId)
      .then((values) => {
        const settings = readSettings(values);
        this.known.set(tenantId, { settings, at: this.now() });
        return settings;
      })
      .catch((error: unknown) => {
        this.onError(tenantId, error);
        // kept for another while: a failing read is not tried again on every position
        const settings = this.known.get(tenantId)?.settings ?? DEFAULT_SETTINGS;
        this.known.set(tenantId, { settings, at: this.now() });
        return settings;
      })
      .finally(() => this.reading.delete(tenantId));
    this.reading.set(tenantId, read);
    return read;
  }
}
