/** Times of the alarm pages: ISO 8601 with the browser's offset (what the server takes) and the inputs' format. */

const pad = (n: number) => String(Math.trunc(Math.abs(n))).padStart(2, '0');

/** `2026-03-01T10:00:00+08:00` in the browser's time zone. */
export function toOffsetIso(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` +
    `${sign}${pad(offset / 60)}:${pad(offset % 60)}`
  );
}

/** The value of an `<input type="datetime-local">` (minutes) for a date. */
export function toInputValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value as a date; undefined when empty or invalid. */
export function fromInputValue(value: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return undefined;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** `2026-03-01 10:00:00` (local time) for a table cell; — for none. */
export function formatAlarmTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** `03-01 10:00:00` (local time) where the table is narrow; — for none. */
export function formatShortTime(iso: string | null | undefined): string {
  const full = formatAlarmTime(iso);
  return /^\d{4}-/.test(full) ? full.slice(5) : full;
}

/** Minutes of track shown before the alarm and after its end. */
export const TRACK_MARGIN_MINUTES = 10;

/** The track window around an alarm: from before its start to after its end (after now while it lasts). */
export function trackWindow(alarm: { startTime: string; endTime: string | null }, now = new Date()): { start: string; end: string } {
  const margin = TRACK_MARGIN_MINUTES * 60_000;
  const startMs = Date.parse(alarm.startTime);
  const endMs = Math.max(alarm.endTime ? Date.parse(alarm.endTime) : now.getTime(), startMs);
  return { start: toOffsetIso(new Date(startMs - margin)), end: toOffsetIso(new Date(endMs + margin)) };
}
