/** `MM-DD HH:mm:ss` in China time for a report time (ISO 8601 with offset); '-' when there is none. */
export function formatReportTime(iso: string | null | undefined): string {
  if (!iso) return '-';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '-';
  // shift to UTC+8 and read the UTC fields: independent of the browser's time zone
  const d = new Date(t + 8 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}
