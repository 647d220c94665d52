/**
 * The temperature a terminal carries in one JT/T 808 additional item, and the tenant's settings that
 * say which item and how it is encoded. Pure functions: the part's decoder, subscription and routes
 * all read temperatures through these.
 */

export const ENCODINGS = ['int16x10', 'uint16offset', 'int8'] as const;
/** How the item holds the temperature: signed 16-bit ×0.1 ℃, unsigned 16-bit ×0.1 ℃ − 50 ℃, or a signed byte in ℃. */
export type Encoding = (typeof ENCODINGS)[number];

/** The plugin's settings of one tenant (manifest.json `settings`), as the part uses them. */
export interface ColdChainSettings {
  /** The additional item's id, 0x01..0xFF. */
  itemId: number;
  encoding: Encoding;
  /** The limits of a vehicle without its own, ℃. */
  defaultMin: number;
  defaultMax: number;
  /** A pause in readings longer than this starts a new trip. */
  tripGapMinutes: number;
}

export const DEFAULT_SETTINGS: ColdChainSettings = { itemId: 0xe1, encoding: 'int16x10', defaultMin: 2, defaultMax: 8, tripGapMinutes: 30 };

/** The lowest and highest temperature a limit may be, ℃. */
export const LIMIT_RANGE = { min: -50, max: 80 } as const;

/** `E1`, `0xe1`, `e1` → 0xE1; undefined unless a hex id 01..FF. */
export function parseItemId(text: unknown): number | undefined {
  if (typeof text !== 'string') return undefined;
  const m = /^\s*(?:0x)?([0-9a-f]{1,2})\s*$/i.exec(text);
  if (!m) return undefined;
  const id = parseInt(m[1]!, 16);
  return id >= 1 && id <= 0xff ? id : undefined;
}

/**
 * The settings a tenant saved (values with defaults filled in, as `ctx.settings.get` answers them),
 * checked again: a value the part cannot use reads as its default.
 */
export function readSettings(values: Readonly<Record<string, unknown>> | undefined): ColdChainSettings {
  const v = values ?? {};
  const num = (key: string, fallback: number, min: number, max: number, integer = false) => {
    const n = v[key];
    return typeof n === 'number' && Number.isFinite(n) && n >= min && n <= max && (!integer || Number.isInteger(n)) ? n : fallback;
  };
  const encoding = ENCODINGS.find((e) => e === v.encoding) ?? DEFAULT_SETTINGS.encoding;
  let defaultMin = num('defaultMin', DEFAULT_SETTINGS.defaultMin, LIMIT_RANGE.min, LIMIT_RANGE.max);
  let defaultMax = num('defaultMax', DEFAULT_SETTINGS.defaultMax, LIMIT_RANGE.min, LIMIT_RANGE.max);
  if (defaultMin >= defaultMax) ({ defaultMin, defaultMax } = DEFAULT_SETTINGS);
  return {
    itemId: parseItemId(v.itemId) ?? DEFAULT_SETTINGS.itemId,
    encoding,
    defaultMin,
    defaultMax,
    tripGapMinutes: num('tripGapMinutes', DEFAULT_SETTINGS.tripGapMinutes, 5, 720, true),
  };
}

/** Bytes of a hex payload; undefined when it is not hex of whole bytes. */
function bytesOf(hex: string): number[] | undefined {
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(hex)) return undefined;
  const out: number[] = [];
  for (let i = 0; i < hex.length; i += 2) out.push(parseInt(hex.slice(i, i + 2), 16));
  return out;
}

/**
 * The temperature (℃) of an item's payload (hex) in the encoding; undefined for a payload too short,
 * not hex, or the "no sensor" value of the encoding, the largest or smallest its type holds (0x7FFF and
 * 0x8000 signed, 0xFFFF unsigned, 0x7F and 0x80 for a byte). An item holding several compartments
 * gives its first.
 */
export function decodeTemperature(hex: string | undefined, encoding: Encoding): number | undefined {
  if (hex === undefined) return undefined;
  const bytes = bytesOf(hex);
  if (!bytes) return undefined;
  if (encoding === 'int8') {
    const b = bytes[0];
    if (b === undefined || b === 0x7f || b === 0x80) return undefined;
    return b >= 0x80 ? b - 0x100 : b;
  }
  if (bytes.length < 2) return undefined;
  const raw = (bytes[0]! << 8) | bytes[1]!;
  if (encoding === 'int16x10') return raw === 0x7fff || raw === 0x8000 ? undefined : (raw >= 0x8000 ? raw - 0x10000 : raw) / 10;
  return raw === 0xffff ? undefined : (raw - 500) / 10;
}

/** The reading key of an additional item in a position's readings (`item.e1`). */
export function itemKey(itemId: number): string {
  return `item.${itemId.toString(16).padStart(2, '0')}`;
}

/** Whether a temperature lies outside the limits (the limits themselves are inside). */
export function isOver(celsius: number, limits: { min: number; max: number }): boolean {
  return celsius < limits.min || celsius > limits.max;
}
