import { distance } from '../../sdk/geo';
import { DEFAULT_GUARD_SETTINGS, vibrationReportsNeeded, type GuardSettings } from '../../sdk/ebike-guard';
import { toChinaIso } from '../time/china-time';
import type { AlarmPoint, AssetAlarmState, RuleContext, RulePosition } from './alarm-rules';
import { Decisions, enabled, LOCATED_BIT, pointOf, threshold } from './rule-decisions';

/**
 * 电动车卫士's theft rules: 震动告警 as episodes and 位移告警 of an armed e-bike that moves.
 *
 * A guard reports every jolt it feels, often several a minute while someone handles the e-bike.
 * Vibration reports each within the device's 告警间隔 of the one before are one episode: its first
 * reports count up to the 震动灵敏度's number (低 3, 中 2, 高 1), which opens one 震动告警 dated at the
 * episode's first vibration; later ones only bring the alarm's `detail` up to date (`count`,
 * `lastTime`). The episode ends with the first report past the window, with disarming, or — when
 * the device stays silent — with the engine's sweep (AlarmEngine.endQuietEpisodes); its alarm's
 * `endTime` is its last vibration, and being an event it stays open until handled.
 */

/** A run of vibration reports of one device, each within its window of the one before. */
export interface VibrationRun {
  since: Date;
  last: Date;
  count: number;
  windowMs: number;
  /** Its alarm is open (the run reached the sensitivity's number of reports). */
  raised: boolean;
  /** Where its first vibration was reported. */
  point: AlarmPoint;
}

/** An armed e-bike's place (its first good fix while armed) and how many fixes in a row put it elsewhere. */
export interface GuardWatch {
  anchor?: { lon: number; lat: number };
  strikes: number;
  /** 位移告警 was raised in this armed period (or the guard reported its own displacement alarm). */
  alarmed: boolean;
}

/** A fix a movement may be measured with: GPS, located, with enough satellites when it says how many. */
const MIN_SATELLITES = 4;
/** Faster than this (km/h) on consecutive fixes an armed e-bike is being ridden or pushed away. */
export const MOVING_KMH = 5;
/** Fixes in a row beyond the distance (or moving) that confirm a displacement: one jump is GPS noise. */
export const CONFIRMING_FIXES = 2;
const ILLEGAL_MOVE_BIT = 28;

export function guardSettingsOf(ctx: RuleContext): GuardSettings {
  return ctx.guard ?? DEFAULT_GUARD_SETTINGS;
}

function episodeDetail(run: VibrationRun, settings: GuardSettings): Record<string, unknown> {
  return { deviceAlarm: 'vibration', count: run.count, lastTime: toChinaIso(run.last), windowSeconds: settings.windowSeconds, sensitivity: settings.sensitivity };
}

/** Ends the episode going on: its alarm, when it had one, ends at its last vibration. */
function endEpisode(state: AssetAlarmState, d: Decisions): void {
  const run = state.vibration;
  state.vibration = undefined;
  if (run?.raised) d.end('vibration', run.last);
}

/**
 * One report for the 震动告警 episode: `ignored` when the report cannot count (an e-bike not armed),
 * which ends the episode going on, as does 震动告警 switched off.
 */
export function vibrationEpisode(p: RulePosition, ctx: RuleContext, state: AssetAlarmState, d: Decisions, ignored: boolean): void {
  const type = 'vibration';
  if (!enabled(ctx, type) || ignored) return endEpisode(state, d);
  if (state.vibration && p.time.getTime() - state.vibration.last.getTime() > state.vibration.windowMs) endEpisode(state, d);
  if (!p.deviceAlarms?.includes('vibration')) return;
  const settings = guardSettingsOf(ctx);
  const run = (state.vibration ??= { since: p.time, last: p.time, count: 0, windowMs: 0, raised: false, point: pointOf(p) });
  run.count++;
  run.last = p.time;
  run.windowMs = settings.windowSeconds * 1000;
  if (run.raised) {
    d.transitions.push({ kind: 'extend', alarmType: type, time: p.time, point: pointOf(p), detail: episodeDetail(run, settings) });
  } else if (run.count >= vibrationReportsNeeded(settings.sensitivity)) {
    run.raised = true;
    d.start(type, run.since, run.point, episodeDetail(run, settings));
  }
}

/** The episode an open 震动告警 (read from the store after a restart) belongs to. */
export function restoredRun(alarm: { startTime: Date; lon: number | null; lat: number | null; speed: number | null; detail: Record<string, unknown> }, ctx: RuleContext): VibrationRun {
  const last = typeof alarm.detail.lastTime === 'string' ? new Date(alarm.detail.lastTime) : alarm.startTime;
  const seconds = typeof alarm.detail.windowSeconds === 'number' ? alarm.detail.windowSeconds : guardSettingsOf(ctx).windowSeconds;
  return {
    since: alarm.startTime,
    last: Number.isNaN(last.getTime()) ? alarm.startTime : last,
    count: typeof alarm.detail.count === 'number' ? alarm.detail.count : 1,
    windowMs: seconds * 1000,
    raised: true,
    point: { lon: alarm.lon ?? 0, lat: alarm.lat ?? 0, speed: alarm.speed ?? 0 },
  };
}

function goodFix(p: RulePosition): boolean {
  if ((p.statusFlags & LOCATED_BIT) === 0 || (p.lon === 0 && p.lat === 0)) return false;
  return p.satellites === undefined || p.satellites >= MIN_SATELLITES;
}

/**
 * 位移告警: an armed e-bike that actually moves. Its first good fix while armed is where it stands;
 * CONFIRMING_FIXES good fixes in a row farther than the tenant's `distance` (default 50 m) from there,
 * or faster than MOVING_KMH, raise one alarm (an instant) for the armed period. Approximate (cell,
 * WiFi) and unlocated positions neither count nor break a run; a fix back near the place or slow does.
 * Disarming ends the period; a guard that reports its own displacement (车辆非法位移) has said it.
 */
export function displacement(p: RulePosition, ctx: RuleContext, state: AssetAlarmState, d: Decisions): void {
  const type = 'displacement';
  if (ctx.assetKind !== 'ebike' || p.armed !== true || !enabled(ctx, type)) {
    state.guardWatch = undefined;
    return;
  }
  const watch = (state.guardWatch ??= { strikes: 0, alarmed: false });
  if (((p.alarmFlags >>> ILLEGAL_MOVE_BIT) & 1) === 1) watch.alarmed = true;
  if (watch.alarmed || !goodFix(p)) return;
  if (!watch.anchor) {
    watch.anchor = { lon: p.lon, lat: p.lat };
    return;
  }
  const limit = threshold(ctx, type, 'distance');
  const metres = distance([watch.anchor.lon, watch.anchor.lat], [p.lon, p.lat]);
  watch.strikes = metres > limit || p.speed > MOVING_KMH ? watch.strikes + 1 : 0;
  if (watch.strikes < CONFIRMING_FIXES) return;
  watch.alarmed = true;
  d.transitions.push({
    kind: 'event', alarmType: type, fenceId: 0, time: p.time, point: pointOf(p),
    detail: { distance: Math.round(metres), speed: p.speed, threshold: limit, fromLon: watch.anchor.lon, fromLat: watch.anchor.lat },
  });
}
