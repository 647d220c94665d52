import type { Kysely, Migration } from 'kysely';
import type { TimedReading } from './trips';

/** The part's tables, in its own schema (plugin_cold_chain). */
export const migrations: Record<string, Migration> = {
  '0001-readings': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('readings')
        .addColumn('id', 'bigserial', (c) => c.primaryKey())
        .addColumn('tenant_id', 'integer', (c) => c.notNull())
        .addColumn('terminal_id', 'integer', (c) => c.notNull())
        .addColumn('terminal_no', 'text', (c) => c.notNull())
        .addColumn('time', 'timestamptz', (c) => c.notNull())
        .addColumn('celsius', 'real', (c) => c.notNull())
        .addColumn('lon', 'double precision')
        .addColumn('lat', 'double precision')
        .execute();
      await db.schema.createIndex('readings_tenant_terminal_time').on('readings').columns(['tenant_id', 'terminal_no', 'time']).execute();
    },
  },
  '0002-limits': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('limits')
        .addColumn('tenant_id', 'integer', (c) => c.notNull())
        .addColumn('terminal_no', 'text', (c) => c.notNull())
        .addColumn('min_c', 'real', (c) => c.notNull())
        .addColumn('max_c', 'real', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_by', 'integer')
        .addPrimaryKeyConstraint('limits_pk', ['tenant_id', 'terminal_no'])
        .execute();
    },
  },
};

export interface NewReading {
  tenantId: number;
  terminalId: number;
  terminalNo: string;
  time: Date;
  celsius: number;
  lon: number | null;
  lat: number | null;
}

export interface Limits {
  min: number;
  max: number;
}

/** A vehicle's place in the tables: its tenant and terminal number. */
export interface VehicleKey {
  tenantId: number;
  terminalNo: string;
}

/** How long the vehicles' own limits of a tenant are used before they are read again. */
export const LIMITS_TTL_MS = 30_000;

const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
/** A stored `real` back to the 0.1 ℃ it was (4 bytes keep 10.3 as 10.300000190734863). */
const tenths = (v: unknown): number => Math.round(Number(v) * 10) / 10;

/** Reads and writes the readings and the vehicles' own limits. */
export class ColdChainStore {
  /**
   * The vehicles' own limits, per tenant: kept up to date by `saveLimits`/`resetLimits`, read again
   * after LIMITS_TTL_MS (another server instance may have saved some meanwhile).
   */
  private readonly limitsByTenant = new Map<number, { at: number; limits: Promise<Map<string, Limits>> }>();

  constructor(
    private readonly db: Kysely<any>,
    private readonly now: () => number = Date.now,
  ) {}

  async addReadings(rows: readonly NewReading[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('readings')
      .values(rows.map((r) => ({ tenant_id: r.tenantId, terminal_id: r.terminalId, terminal_no: r.terminalNo, time: r.time, celsius: r.celsius, lon: r.lon, lat: r.lat })))
      .execute();
  }

  /** The latest reading of each vehicle that has one. Keyed `tenantId:terminalNo`. */
  async latest(vehicles: readonly VehicleKey[]): Promise<Map<string, TimedReading>> {
    const out = new Map<string, TimedReading>();
    const byTenant = new Map<number, string[]>();
    for (const v of vehicles) byTenant.set(v.tenantId, [...(byTenant.get(v.tenantId) ?? []), v.terminalNo]);
    for (const [tenantId, nos] of byTenant) {
      for (let i = 0; i < nos.length; i += 500) {
        const rows = await this.db
          .selectFrom('readings')
          .select(['terminal_no', 'time', 'celsius'])
          .distinctOn(['terminal_no'])
          .where('tenant_id', '=', tenantId)
          .where('terminal_no', 'in', nos.slice(i, i + 500))
          .orderBy('terminal_no')
          .orderBy('time', 'desc')
          .execute();
        for (const r of rows) out.set(`${tenantId}:${r.terminal_no}`, { time: toDate(r.time), celsius: tenths(r.celsius) });
      }
    }
    return out;
  }

  /** A vehicle's readings from `start` up to `end`, oldest first. */
  async readings(vehicle: VehicleKey, start: Date, end: Date): Promise<TimedReading[]> {
    const rows = await this.db
      .selectFrom('readings')
      .select(['time', 'celsius'])
      .where('tenant_id', '=', vehicle.tenantId)
      .where('terminal_no', '=', vehicle.terminalNo)
      .where('time', '>=', start)
      .where('time', '<=', end)
      .orderBy('time')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ time: toDate(r.time), celsius: tenths(r.celsius) }));
  }

  private ownLimits(tenantId: number): Promise<Map<string, Limits>> {
    const known = this.limitsByTenant.get(tenantId);
    if (known && this.now() - known.at <= LIMITS_TTL_MS) return known.limits;
    const limits = this.db
      .selectFrom('limits')
      .select(['terminal_no', 'min_c', 'max_c'])
      .where('tenant_id', '=', tenantId)
      .execute()
      .then((rows) => new Map(rows.map((r) => [String(r.terminal_no), { min: tenths(r.min_c), max: tenths(r.max_c) }])));
    limits.catch(() => this.limitsByTenant.delete(tenantId));
    this.limitsByTenant.set(tenantId, { at: this.now(), limits });
    return limits;
  }

  /** The vehicle's own limits, undefined when it uses the tenant's default. */
  async limitsOf(vehicle: VehicleKey): Promise<Limits | undefined> {
    return (await this.ownLimits(vehicle.tenantId)).get(vehicle.terminalNo);
  }

  async saveLimits(vehicle: VehicleKey, limits: Limits, userId: number | null, now: Date): Promise<void> {
    const row = { min_c: limits.min, max_c: limits.max, updated_at: now, updated_by: userId };
    await this.db
      .insertInto('limits')
      .values({ tenant_id: vehicle.tenantId, terminal_no: vehicle.terminalNo, ...row })
      .onConflict((oc) => oc.columns(['tenant_id', 'terminal_no']).doUpdateSet(row))
      .execute();
    (await this.ownLimits(vehicle.tenantId)).set(vehicle.terminalNo, { ...limits });
  }

  async resetLimits(vehicle: VehicleKey): Promise<void> {
    await this.db.deleteFrom('limits').where('tenant_id', '=', vehicle.tenantId).where('terminal_no', '=', vehicle.terminalNo).execute();
    (await this.ownLimits(vehicle.tenantId)).delete(vehicle.terminalNo);
  }
}
