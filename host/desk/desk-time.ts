/** `2026-01-01T08:00:00+08:00` → `01-01 08:00:00` in China time, whatever the browser's zone. */
export function deskTime(iso: string): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  return new Date(t + 8 * 3_600_000).toISOString().slice(5, 19).replace('T', ' ');
}
