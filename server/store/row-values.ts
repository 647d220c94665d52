/** Reading the values of raw SQL rows the same way under PGlite and PostgreSQL (numbers may come back as text). */

/** A numeric column; 0 for null. */
export const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));

export const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** A json column: parsed by one driver, text from another; null when there were no rows. */
export function parseJson<T extends unknown[]>(value: unknown): T {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return (parsed ?? []) as T;
}

/** The asset columns of a report row (terminal_id, display_no, plate_no, group_name). */
export function assetColumns(r: Record<string, unknown>) {
  return {
    terminalId: num(r.terminal_id), terminalNo: String(r.display_no), plateNo: (r.plate_no as string | null) ?? null, groupName: (r.group_name as string | null) ?? null,
    assetKind: (r.asset_kind as string | null) ?? null,
  };
}
