import { EpisodeTracker } from './episodes';
import { SettingsCache } from './settings-cache';
import { ColdChainStore, type Limits, type NewReading, type VehicleKey } from './store';
import { decodeTemperature, isOver, itemKey, type ColdChainSettings } from './temperature';

/** The platform's services the part uses, as its context lends them (`PartContext` of `@tianlu/sdk/server`). */
export interface PartServices {
  clock: { now(): Date };
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  settings: { get(tenantId: number): Promise<Readonly<Record<string, unknown>>> };
  alarms: {
    raise(alarm: { tenantId: number; terminalId: number; alarmType: string; time: Date; lon?: number | null; lat?: number | null; speed?: number | null; detail?: Record<string, unknown> }): Promise<unknown>;
    end(terminalId: number, alarmType: string, time: Date): Promise<unknown>;
  };
}

/** A committed position, the fields the part reads. */
export interface ReportedPosition {
  tenantId: number;
  terminalId: number;
  terminalNo: string;
  deviceTime: string;
  lon: number;
  lat: number;
  speed: number;
  backfill?: boolean;
  readings?: Readonly<Record<string, number | string | boolean>>;
}

export const OVER_TEMP = 'cold-chain.overTemp';

/** A vehicle's limits and whether they are its own or the tenant's default. */
export interface VehicleLimits extends Limits {
  custom: boolean;
}

/**
 * What the part keeps while it runs: the tenants' settings, the tables, and the terminals' episodes.
 * The reading decoder, the subscription and the routes share one.
 */
export class ColdChainService {
  readonly episodes = new EpisodeTracker();

  constructor(
    readonly ctx: PartServices,
    readonly store: ColdChainStore,
    readonly settings: SettingsCache,
  ) {}

  async limitsOf(vehicle: VehicleKey, settings?: ColdChainSettings): Promise<VehicleLimits> {
    const own = await this.store.limitsOf(vehicle);
    if (own) return { ...own, custom: true };
    const s = settings ?? (await this.settings.get(vehicle.tenantId));
    return { min: s.defaultMin, max: s.defaultMax, custom: false };
  }

  /**
   * One tenant's committed positions: every temperature they carry is stored, and each terminal's
   * episodes outside its limits raise 温度超限 once and end it when the temperature is back inside.
   * Blind-area uploads (backfill) are stored but raise nothing: they are the past.
   */
  async take(batch: readonly ReportedPosition[]): Promise<void> {
    const tenantId = batch[0]?.tenantId;
    if (tenantId === undefined) return;
    const settings = await this.settings.get(tenantId);
    const key = itemKey(settings.itemId);
    const taken: { p: ReportedPosition; reading: NewReading }[] = [];
    for (const p of batch) {
      const raw = p.readings?.[key];
      const celsius = decodeTemperature(typeof raw === 'string' ? raw : undefined, settings.encoding);
      const time = new Date(p.deviceTime);
      if (celsius === undefined || Number.isNaN(time.getTime())) continue;
      taken.push({ p, reading: { tenantId: p.tenantId, terminalId: p.terminalId, terminalNo: p.terminalNo, time, celsius, lon: p.lon, lat: p.lat } });
    }
    await this.store.addReadings(taken.map((t) => t.reading));
    for (const { p, reading } of taken) {
      if (p.backfill) continue;
      const limits = await this.limitsOf(reading, settings);
      const step = this.episodes.next(p.terminalId, isOver(reading.celsius, limits));
      try {
        if (step === 'raise') {
          await this.ctx.alarms.raise({
            tenantId: p.tenantId, terminalId: p.terminalId, alarmType: OVER_TEMP, time: reading.time, lon: p.lon, lat: p.lat, speed: p.speed,
            detail: { celsius: reading.celsius, min: limits.min, max: limits.max },
          });
        } else if (step === 'end') {
          await this.ctx.alarms.end(p.terminalId, OVER_TEMP, reading.time);
        }
      } catch (error) {
        // the next reading tries again
        this.episodes.forget(p.terminalId);
        this.ctx.log.warn({ err: error, terminalNo: p.terminalNo }, step === 'raise' ? '温度超限告警产生失败' : '温度超限告警结束失败');
      }
    }
  }
}
