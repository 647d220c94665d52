import type { PositionReadings } from '../../sdk/position';
import type { ServerParts } from './server-parts';

/**
 * Rows of a tenant's positions (the monitor list, the live snapshot, a track) with the readings the
 * server parts of the tenant's plugins decode; the same rows when no part decodes any.
 */
export async function withDecodedReadings<R extends { terminalId: number; readings?: PositionReadings | null }>(
  parts: ServerParts | undefined, tenantId: number, rows: readonly R[],
): Promise<R[]> {
  const decode = parts ? await parts.taps.decoderFor(tenantId) : undefined;
  if (!decode) return rows as R[];
  return rows.map((row) => {
    const readings = decode(row.terminalId, row.readings);
    return readings === (row.readings ?? undefined) ? row : { ...row, readings: readings ?? null };
  });
}
