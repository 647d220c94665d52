import type { Alarm } from '@tianlu/sdk';

/**
 * The 大屏's 实时告警: the open alarms the dashboard answered, with those the live channel started
 * since, without those it handled since; newest first, at most `rows`.
 */
export function openAlarmFeed(latest: readonly Alarm[], arrived: readonly Alarm[], handled: ReadonlySet<number>, rows: number): Alarm[] {
  const byId = new Map<number, Alarm>();
  for (const a of [...arrived, ...latest]) if (!byId.has(a.id) && !handled.has(a.id) && a.status === 0) byId.set(a.id, a);
  return [...byId.values()].sort((a, b) => Date.parse(b.startTime) - Date.parse(a.startTime) || b.id - a.id).slice(0, rows);
}
