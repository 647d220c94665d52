import { toChinaIso } from '@tianlu/sdk';

/** Minutes of track shown before the alarm and after its end. */
export const TRACK_MARGIN_MINUTES = 10;

/** The track window around an alarm: from before its start to after its end (after now while it lasts), in China time. */
export function trackWindow(alarm: { startTime: string; endTime: string | null }, now = new Date()): { start: string; end: string } {
  const margin = TRACK_MARGIN_MINUTES * 60_000;
  const startMs = Date.parse(alarm.startTime);
  const endMs = Math.max(alarm.endTime ? Date.parse(alarm.endTime) : now.getTime(), startMs);
  return { start: toChinaIso(startMs - margin), end: toChinaIso(endMs + margin) };
}
