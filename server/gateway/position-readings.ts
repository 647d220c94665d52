import type { PositionReadings } from '../../sdk/position';
import type { PositionExtras } from './gateway-ports';

/**
 * The decoded extras a column can show, under their own names as reading keys (state words such as
 * `io`, flags and the fix are shown by the console's own columns, not as readings).
 */
export const NAMED_READINGS = [
  'fuel', 'recorderSpeed', 'signal', 'satellites', 'battery', 'batteryVoltage', 'externalVoltage',
  'temperature', 'heartRate', 'systolic', 'diastolic', 'spo2', 'steps',
] as const satisfies readonly (keyof PositionExtras)[];

/** The reading key of a JT/T 808 additional item the gateway keeps raw: `item.e1`. */
export function itemReadingKey(id: number): string {
  return `item.${id.toString(16).padStart(2, '0')}`;
}

/**
 * A position's readings from its stored extras (parsed or as JSON text): the named values it carries
 * and its raw additional items (the first of a repeated id), or undefined when it has none.
 */
export function positionReadings(stored: PositionExtras | string | null | undefined): PositionReadings | undefined {
  const extras: PositionExtras | null | undefined = typeof stored === 'string' ? (JSON.parse(stored) as PositionExtras) : stored;
  if (!extras) return undefined;
  let out: Record<string, number | string> | undefined;
  for (const key of NAMED_READINGS) {
    const value = extras[key];
    if (typeof value === 'number' && Number.isFinite(value)) (out ??= {})[key] = value;
  }
  if (Array.isArray(extras.raw)) {
    for (const item of extras.raw) {
      if (!Number.isInteger(item?.id) || typeof item.hex !== 'string') continue;
      const key = itemReadingKey(item.id);
      out ??= {};
      if (!(key in out)) out[key] = item.hex.toUpperCase();
    }
  }
  return out;
}
