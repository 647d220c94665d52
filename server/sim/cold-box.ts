import type { Jt808LocationItem } from '../gateway/jt808/index';
import { SeededRandom } from './seeded-random';

/**
 * How a box temperature is written into its additional item (the vendor layouts the cold-chain
 * plugin reads): signed 16-bit big-endian in 0.1 ℃; unsigned 16-bit in 0.1 ℃ offset by −50 ℃
 * (raw 0 = −50.0 ℃); signed byte in whole ℃.
 */
export type ColdBoxEncoding = 'int16x10' | 'uint16offset' | 'int8';

export const COLD_BOX_ENCODINGS: readonly ColdBoxEncoding[] = ['int16x10', 'uint16offset', 'int8'];

/** The item id the boxes report in unless told otherwise. */
export const DEFAULT_COLD_BOX_ITEM = 0xe1;

/** A refrigerated box behind the terminal, reporting its temperature in a vendor additional item. */
export interface ColdBoxOptions {
  /** Additional item id carrying the temperature (1–255, not one the simulator already sends). Default 0xE1. */
  itemId?: number;
  /** Default 'int16x10'. */
  encoding?: ColdBoxEncoding;
  /** Temperature the unit holds, ℃. Default 4 (chilled goods). */
  setpoint?: number;
  /**
   * Every report carries exactly this instead of the model, ℃; null sends the encoding's
   * "no sensor" value. {@link SimulatedTerminal.setColdBoxTemperature} changes it later.
   */
  celsius?: number | null;
  /** Door-open and defrost excursions per hour, on average. Default 0.5. */
  excursionsPerHour?: number;
  /** The first excursion starts with the first report at least this many seconds after the box starts. */
  firstExcursionSec?: number;
}

/** Operating item ids of the simulated positions themselves (a box may not reuse them). */
const TAKEN_ITEMS = new Set([0x01, 0x02, 0x30, 0x31]);

/** Raw "no sensor" values, as vendors send them. */
const NO_SENSOR: Record<ColdBoxEncoding, string> = { int16x10: '7FFF', uint16offset: 'FFFF', int8: '7F' };

/**
 * The item payload (upper-case hex) of `celsius` in `encoding`; null gives the "no sensor" value.
 * RangeError when the encoding cannot carry the temperature (its "no sensor" value is never produced).
 */
export function encodeColdBoxTemperature(celsius: number | null, encoding: ColdBoxEncoding): string {
  if (celsius === null) return NO_SENSOR[encoding];
  if (!Number.isFinite(celsius)) throw new RangeError(`box temperature must be a number, got ${celsius}`);
  const hex = (raw: number, bytes: number) => raw.toString(16).toUpperCase().padStart(bytes * 2, '0');
  const check = (raw: number, min: number, max: number, unit: string) => {
    if (raw < min || raw > max) throw new RangeError(`${celsius} ℃ does not fit ${encoding} (${unit})`);
  };
  switch (encoding) {
    case 'int16x10': {
      const raw = Math.round(celsius * 10);
      check(raw, -32768, 32766, '−3276.8 … 3276.6 ℃');
      return hex(raw & 0xffff, 2);
    }
    case 'uint16offset': {
      const raw = Math.round((celsius + 50) * 10);
      check(raw, 0, 65534, '−50.0 … 6503.4 ℃');
      return hex(raw, 2);
    }
    case 'int8': {
      const raw = Math.round(celsius);
      check(raw, -128, 126, '−128 … 126 ℃');
      return hex(raw & 0xff, 1);
    }
  }
}

/**
 * A reefer holding its setpoint with a little noise (the compressor cycling: within ±1.3 ℃), and
 * now and then an excursion: a door opened at a stop (parked with ACC off: 5.5–8.5 ℃ above the setpoint)
 * or a defrost cycle (4.6–6 ℃ above), over 4.4 ℃ above the setpoint for 3–6 reports, then two
 * reports of recovery. With the default setpoint (4 ℃) that is above 8 ℃, the cold-chain plugin's
 * default upper limit, for a few reports. One step per report; the seed and the report times
 * reproduce every value.
 */
export class ColdBoxModel {
  readonly itemId: number;
  readonly encoding: ColdBoxEncoding;
  readonly setpoint: number;
  private readonly rng: SeededRandom;
  private readonly perHour: number;
  private firstAt: number | undefined;
  private forced: number | null | undefined;
  private drift = 0;
  private lastMs: number | undefined;
  private excursion: number[] = [];
  private last: number | null;

  constructor(options: ColdBoxOptions, seed: number, startMs: number) {
    this.itemId = options.itemId ?? DEFAULT_COLD_BOX_ITEM;
    if (!Number.isInteger(this.itemId) || this.itemId < 1 || this.itemId > 0xff || TAKEN_ITEMS.has(this.itemId)) {
      throw new RangeError(`box item id must be 0x01–0xFF other than 0x01, 0x02, 0x30, 0x31, got ${options.itemId}`);
    }
    this.encoding = options.encoding ?? 'int16x10';
    if (!COLD_BOX_ENCODINGS.includes(this.encoding)) throw new RangeError(`unknown box encoding ${String(options.encoding)}`);
    this.setpoint = options.setpoint ?? 4;
    // the encoding must carry everything the model can produce around this setpoint
    encodeColdBoxTemperature(this.setpoint + 9, this.encoding);
    encodeColdBoxTemperature(this.setpoint - 2, this.encoding);
    this.perHour = options.excursionsPerHour ?? 0.5;
    if (!(this.perHour >= 0)) throw new RangeError(`excursionsPerHour must be ≥ 0, got ${options.excursionsPerHour}`);
    this.firstAt = options.firstExcursionSec === undefined ? undefined : startMs + options.firstExcursionSec * 1000;
    this.rng = new SeededRandom(seed);
    this.last = round1(this.setpoint);
    if (options.celsius !== undefined) this.force(options.celsius);
  }

  /** The temperature of the last report (℃, null: no sensor), or the setpoint before the first. */
  get celsius(): number | null {
    return this.last;
  }

  /** Reports carry `celsius` from now on (null: "no sensor"); undefined hands them back to the model. */
  force(celsius: number | null | undefined): void {
    if (celsius !== undefined) encodeColdBoxTemperature(celsius, this.encoding);
    this.forced = celsius;
  }

  /** Steps the model to the report at `timeMs` and gives its item. */
  report(timeMs: number, parked: boolean): Jt808LocationItem {
    const modelled = this.step(timeMs, parked);
    this.last = this.forced === undefined ? modelled : this.forced;
    return this.item();
  }

  /** The item of the last report (a 0x0201 answer between reports). */
  item(): Jt808LocationItem {
    return { id: this.itemId, hex: encodeColdBoxTemperature(this.last, this.encoding) };
  }

  private step(timeMs: number, parked: boolean): number {
    const dtSec = this.lastMs === undefined ? 0 : Math.max(0, (timeMs - this.lastMs) / 1000);
    this.lastMs = timeMs;
    this.drift = Math.max(-1.3, Math.min(1.3, this.drift * 0.85 + this.rng.range(-0.25, 0.25)));
    const noise = this.rng.range(-0.1, 0.1);
    if (this.excursion.length === 0) {
      const due = this.firstAt !== undefined && timeMs >= this.firstAt;
      if (due) this.firstAt = undefined;
      const starts = this.rng.next() < 1 - Math.exp((-this.perHour * dtSec) / 3600);
      if (due || starts) this.excursion = this.plan(parked);
    }
    const rise = this.excursion.shift();
    return round1(this.setpoint + (rise === undefined ? this.drift : rise + noise));
  }

  /** The rises above the setpoint, report by report, of one excursion. */
  private plan(parked: boolean): number[] {
    const door = parked && this.rng.chance(0.7);
    const peak = door ? this.rng.range(5.5, 8.5) : this.rng.range(4.6, 6);
    const over = this.rng.int(3, 6);
    const rises: number[] = [];
    for (let k = 0; k < over; k++) rises.push(4.5 + (peak - 4.5) * Math.sin((Math.PI * (k + 1)) / (over + 1)));
    rises.push(this.rng.range(2.6, 3.4), this.rng.range(1.2, 1.8));
    return rises;
  }
}

function round1(v: number): number {
  return Math.round(v * 10) / 10;
}
