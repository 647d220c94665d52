/**
 * Times as the console shows them and as operators type them: China Standard Time (UTC+8, no
 * daylight saving), whatever the time zone of the browser or the machine. Pure (no DOM, no React,
 * no Intl): an instant is shifted by eight hours and its UTC fields are read.
 */

/** China's offset from UTC in ms: UTC+8 all year. */
export const CHINA_OFFSET_MS = 8 * 3_600_000;

const DAY_MS = 86_400_000;

/** An instant: epoch ms, a `Date`, or an ISO 8601 string (one without an offset is China time). */
export type ChinaTimeInput = number | Date | string;

/**
 * How {@link formatChinaTime} writes an instant: `full` 2026-03-01 10:00:00, `short` 03-01 10:00:00,
 * `minute` 2026-03-01 10:00, `shortMinute` 03-01 10:00, `date` 2026-03-01, `time` 10:00:00, `clock` 10:00.
 */
export type ChinaTimeStyle = 'full' | 'short' | 'minute' | 'shortMinute' | 'date' | 'time' | 'clock';

/** Where each style sits in `YYYY-MM-DD HH:mm:ss`. */
const STYLE_SLICE: Record<ChinaTimeStyle, [number, number]> = {
  full: [0, 19],
  short: [5, 19],
  minute: [0, 16],
  shortMinute: [5, 16],
  date: [0, 10],
  time: [11, 19],
  clock: [11, 16],
};

/** A China wall-clock time without an offset: a date, a datetime-local value, or the two with a space. */
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** `YYYY-MM-DDTHH:mm:ss` on a China clock at `ms`; a RangeError for an invalid instant. */
function chinaWall(ms: number): string {
  return new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 19);
}

/** The instant of a China wall-clock text; NaN for a day or time that does not exist, undefined when it is no such text. */
function fromWallTime(text: string): number | undefined {
  const m = WALL_TIME.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0)) as [number, number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi, s) - CHINA_OFFSET_MS;
  const pad = (n: number) => String(n).padStart(2, '0');
  // Date.UTC rolls 02-30 over to 03-02 and 24:00 to the next day: such a text names no real time
  const same = chinaWall(ms) === `${m[1]}-${m[2]}-${m[3]}T${pad(h)}:${pad(mi)}:${pad(s)}`;
  return same ? ms : NaN;
}

/** Epoch ms of an instant; NaN when it cannot be read. */
function instant(at: ChinaTimeInput): number {
  if (typeof at === 'number') return at;
  if (at instanceof Date) return at.getTime();
  const text = at.trim();
  return fromWallTime(text) ?? Date.parse(text);
}

const isValid = (ms: number) => !Number.isNaN(new Date(ms).getTime());

/**
 * An instant as China time for a table, a card or a chart axis (default `full`: 2026-03-01 10:00:00).
 * `empty` (default —) when there is none; a string that is no time comes back unchanged.
 */
export function formatChinaTime(at: ChinaTimeInput | null | undefined, style: ChinaTimeStyle = 'full', empty = '—'): string {
  if (at === null || at === undefined || at === '') return empty;
  const ms = instant(at);
  if (!isValid(ms)) return typeof at === 'string' ? at : empty;
  const [from, to] = STYLE_SLICE[style];
  return chinaWall(ms).replace('T', ' ').slice(from, to);
}

/** ISO 8601 in China time with its offset, `2026-03-01T10:00:00+08:00`: what query parameters carry. */
export function toChinaIso(at: number | Date): string {
  return `${chinaWall(instant(at))}+08:00`;
}

/** The China day holding an instant (default now), `2026-03-01`: also the value of an `<input type="date">`. */
export function chinaDay(at: ChinaTimeInput = Date.now()): string {
  return chinaWall(instant(at)).slice(0, 10);
}

/** The hour (0–23) on a China clock at an instant (default now). */
export function chinaHour(at: ChinaTimeInput = Date.now()): number {
  return Number(chinaWall(instant(at)).slice(11, 13));
}

/** Epoch ms of 00:00 China time of the day holding an instant (a `YYYY-MM-DD` is that China day). */
export function chinaDayStart(at: ChinaTimeInput): number {
  return Math.floor((instant(at) + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS;
}

/** The query range of whole China days: from 00:00:00 of `first` to 23:59:59 of `last` (both `YYYY-MM-DD`). */
export function chinaDayRange(first: string, last: string = first): { start: string; end: string } {
  return { start: `${first}T00:00:00+08:00`, end: `${last}T23:59:59+08:00` };
}

/** The value of an `<input type="datetime-local">` showing an instant in China time, `2026-03-01T10:00`. */
export function toChinaInputValue(at: number | Date): string {
  return chinaWall(instant(at)).slice(0, 16);
}

/**
 * What an operator typed in a `datetime-local` (`2026-03-01T10:00`, seconds optional) or `date`
 * input (`2026-03-01`, its 00:00), read as China time: epoch ms; undefined when empty or no real time.
 */
export function fromChinaInputValue(value: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$/.test(value)) return undefined;
  const ms = fromWallTime(value);
  return ms === undefined || Number.isNaN(ms) ? undefined : ms;
}
