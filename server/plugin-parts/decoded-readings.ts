import type { PositionReadings } from '../../sdk/position';
import type { ReadingsDecoder } from './part-data-taps';
import type { ServerParts } from './server-parts';

/**
 * Rows of positions (the monitor list, the live snapshot, a track) with the readings the server parts
 * of their tenant's plugins decode: a row's own `tenantId`, else `tenantId`. The same rows when no part
 * decodes any.
 */
export async function withDecodedReadings<R extends { terminalId: number; tenantId?: number; readings?: PositionReadings | null }>(
  parts: ServerParts | undefined, tenantId: number, rows: readonly R[],
): Promise<R[]> {
  if (!parts || rows.length === 0) return rows as R[];
  const tenants = new Set(rows.map((r) => r.tenantId ?? tenantId));
  const decoders = new Map<number, ReadingsDecoder | undefined>();
  for (const id of tenants) decoders.set(id, await parts.taps.decoderFor(id));
  if ([...decoders.values()].every((d) => d === undefined)) return rows as R[];
  return rows.map((row) => {
    const decode = decoders.get(row.tenantId ?? tenantId);
    if (!decode) return row;
    const readings = decode(row.terminalId, row.readings);
    return readings === (row.readings ?? undefined) ? row : { ...row, readings: readings ?? null };
  });
}
