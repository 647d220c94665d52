/**
 * Times as the pages send them and the spreadsheet shows them: China time (UTC+8) without a zone
 * (`2026-11-27 08:30:00`), or ISO 8601 with one.
 */
const CHINA_OFFSET_MS = 8 * 3600_000;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** The instant a page's time stands for; undefined when it is not a time. */
export function parseTime(value: unknown): Date | undefined {
  if (typeof value !== 'string' || !value.trim()) return undefined;
  const text = value.trim();
  const m = LOCAL.exec(text);
  if (m) {
    const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
    const t = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) - CHINA_OFFSET_MS;
    const back = new Date(t + CHINA_OFFSET_MS);
    // 2026-02-30 is not a day
    if (back.getUTCMonth() !== Number(mo) - 1 || back.getUTCDate() !== Number(d)) return undefined;
    return new Date(t);
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text)) return undefined;
  const t = Date.parse(text);
  return Number.isNaN(t) ? undefined : new Date(t);
}

/** `2026-11-27 08:30:00`, China time. */
export function chinaTime(time: Date): string {
  return new Date(time.getTime() + CHINA_OFFSET_MS).toISOString().replace('T', ' ').slice(0, 19);
}
