const CHINA_OFFSET_MS = 8 * 3600_000;

/** ISO 8601 in China time with its offset, e.g. `2026-01-01T08:00:00+08:00` (what the console shows as is). */
export function toChinaIso(date: Date): string {
  const shifted = new Date(date.getTime() + CHINA_OFFSET_MS).toISOString();
  return `${shifted.slice(0, 19)}+08:00`;
}
