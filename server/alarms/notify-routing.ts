import type { AlarmLevel, NotifyEscalation, NotifyQuietHours, NotifyRouting, NotifyRule } from '../../sdk/services/alarm-service';

export type { NotifyEscalation, NotifyQuietHours, NotifyRouting, NotifyRule };

/** China Standard Time: UTC+8 all year (no daylight saving). */
const CHINA_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 24 * 3600_000;

const RANK: Record<AlarmLevel, number> = { urgent: 3, normal: 2, info: 1 };

/** Whether `level` is `min` or more urgent. */
export function atLeast(level: AlarmLevel, min: AlarmLevel): boolean {
  return RANK[level] >= RANK[min];
}

/** No rules, no quiet hours, no escalation: every alarm pushed goes to the 推送设置 recipients and the enabled robots and webhooks at once. */
export function defaultRouting(): NotifyRouting {
  return {
    rules: [],
    quietHours: { enabled: false, start: '22:00', end: '07:00', minLevel: 'urgent' },
    escalation: { enabled: false, afterMinutes: 30, minLevel: 'urgent', channels: [], channelIds: [], emails: [], phones: [] },
  };
}

/** A saved (possibly partial or older) record over the defaults. */
export function mergeRouting(saved: Partial<NotifyRouting> | undefined): NotifyRouting {
  const d = defaultRouting();
  if (!saved) return d;
  return {
    rules: Array.isArray(saved.rules) ? saved.rules.map((r) => ({ ...r, channelIds: Array.isArray(r.channelIds) ? r.channelIds : [] })) : d.rules,
    quietHours: { ...d.quietHours, ...saved.quietHours },
    escalation: { ...d.escalation, ...saved.escalation, channelIds: Array.isArray(saved.escalation?.channelIds) ? saved.escalation.channelIds : [] },
  };
}

/** 'HH:MM' as minutes after midnight, or undefined when it is not a time of day. */
export function minuteOfDay(hhmm: string): number | undefined {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : undefined;
}

/**
 * When the quiet hours around `now` end (China time), or undefined when `now` is outside them (or
 * they are off). A start after the end runs past midnight (22:00–07:00).
 */
export function quietHoursEnd(q: NotifyQuietHours, now: Date): Date | undefined {
  if (!q.enabled) return undefined;
  const start = minuteOfDay(q.start);
  const end = minuteOfDay(q.end);
  if (start === undefined || end === undefined || start === end) return undefined;
  const local = now.getTime() + CHINA_OFFSET_MS;
  const midnight = Math.floor(local / DAY_MS) * DAY_MS;
  const minute = (local - midnight) / 60_000;
  const inside = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!inside) return undefined;
  // the end today, or tomorrow when the window began today and runs past midnight
  const endLocal = midnight + end * 60_000 + (start > end && minute >= start ? DAY_MS : 0);
  return new Date(endLocal - CHINA_OFFSET_MS);
}

/** The rules covering an alarm of this type and level. */
export function matchingRules(routing: NotifyRouting, alarmType: string, level: AlarmLevel): NotifyRule[] {
  return routing.rules.filter((r) => (r.alarmTypes.length === 0 || r.alarmTypes.includes(alarmType)) && (r.levels.length === 0 || r.levels.includes(level)));
}
