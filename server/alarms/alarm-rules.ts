import type { LonLat } from '../../sdk/geo';
import type { GuardSettings } from '../../sdk/ebike-guard';
import type { HealthLimits } from '../../sdk/health-limits';
import { DEVICE_ALARM_TYPES, TERMINAL_ALARM_BITS, type AlarmControls } from './alarm-catalogue';
import { nextInside, type FenceArea } from './fence-geometry';
import { displacement, vibrationEpisode, type GuardWatch, type VibrationRun } from './guard-rules';
import { ACC_BIT, Decisions, enabled, LOCATED_BIT, pointOf, threshold } from './rule-decisions';

/** One committed position as the rules read it (device time, WGS84, km/h). */
export interface RulePosition {
  time: Date;
  receivedTime: Date;
  lon: number;
  lat: number;
  speed: number;
  alarmFlags: number;
  statusFlags: number;
  /** Battery level in percent, when the terminal reports one. */
  battery?: number;
  /** Alarms a GT06 / watch device reported by name (vibration, fall …). */
  deviceAlarms?: readonly string[];
  /** 设防: the device said it was armed when it reported (GT06 terminal information); undefined when it never said. */
  armed?: boolean;
  /** Satellites of a GPS fix, when the terminal said. */
  satellites?: number;
  /** Readings a badge or watch sent with or before this position: beats per minute, mmHg, SpO₂ %, °C. */
  heartRate?: number;
  systolic?: number;
  diastolic?: number;
  spo2?: number;
  temperature?: number;
}

export interface RuleFence {
  id: number;
  name: string;
  area: FenceArea;
  trigger: 'enter' | 'exit' | 'both';
  /** A pet's 安全区域: no 进入/离开围栏 events; being outside all of them is 离开安全区域. */
  safeZone?: boolean;
}

/** What the rules need to know about the asset and its tenant. */
export interface RuleContext {
  controls: AlarmControls;
  /** The vehicle's own speed limit (km/h); the tenant's `platformOverspeed.speedLimit` when null. */
  vehicleSpeedLimit: number | null;
  /** vehicle, person, pet or ebike (null: no asset); 超标车速 watches e-bikes only. */
  assetKind?: string | null;
  /** The asset's 健康设置 (the tenant's, overridden by its department's and its own): 健康告警. */
  health?: HealthLimits;
  /** Fences bound to the vehicle or one of its groups. */
  fences: readonly RuleFence[];
  /** The device's 防盗设置 (震动灵敏度, 告警间隔); the defaults while it has none saved. */
  guard?: GuardSettings;
}

/** Per-asset memory of the rules: open alarms, timers and fence sides. */
export interface AssetAlarmState {
  /** Types with an open alarm (fence alarms are events and never open). */
  open: Set<string>;
  /** The current stretch above the 平台超速 limit: when it began and its top speed. */
  overspeed: SpeedStretch;
  /** The same for 超标车速 (an e-bike above the GB 17761 speed). */
  gbOverspeed: SpeedStretch;
  /** When the asset stopped (ACC off or speed 0). */
  stoppedSince?: Date;
  /** Fence id → whether the asset was last inside it. */
  inside: Map<number, boolean>;
  /** Device time of the last position evaluated: older ones (resent, late) only record the event alarms they carry. */
  lastTime?: Date;
  /** The 震动告警 episode going on: its vibration reports so far. */
  vibration?: VibrationRun;
  /** An armed e-bike's place and whether it has moved from it (位移告警). */
  guardWatch?: GuardWatch;
}

/** A stretch of positions above a speed limit: when it began and the top speed so far (both unset outside one). */
export interface SpeedStretch {
  since?: Date;
  max?: number;
}

export function emptyAlarmState(): AssetAlarmState {
  return { open: new Set(), inside: new Map(), overspeed: {}, gbOverspeed: {} };
}

export interface AlarmPoint {
  lon: number;
  lat: number;
  speed: number;
}

/** What the rules decided for one position. */
export type AlarmTransition =
  | { kind: 'start'; alarmType: string; startTime: Date; point: AlarmPoint; detail: Record<string, unknown> }
  | { kind: 'end'; alarmType: string; endTime: Date; detail?: Record<string, unknown> }
  /** An instant alarm (fence enter/exit, 位移告警): starts and ends at once; fenceId 0 for one not tied to a fence. */
  | { kind: 'event'; alarmType: string; fenceId: number; time: Date; point: AlarmPoint; detail: Record<string, unknown> }
  /**
   * The open alarm of the type goes on (another vibration of its episode): its detail is brought up
   * to date, nothing new is raised. When none is open any more, the report starts a new one at `time`.
   */
  | { kind: 'extend'; alarmType: string; time: Date; point: AlarmPoint; detail: Record<string, unknown> }
  /** An alarm a late report carried (补报): recorded at the report's own time, opening and ending nothing. */
  | { kind: 'late'; alarmType: string; time: Date; point: AlarmPoint; detail: Record<string, unknown> };

/** Whether a change of fence side was observed, to persist the new side. */
export interface FenceChange {
  fenceId: number;
  inside: boolean;
  at: Date;
}

export interface RuleOutcome {
  transitions: AlarmTransition[];
  fenceChanges: FenceChange[];
}

/**
 * An e-bike guard feels every jolt, its owner's riding and parking included: only a jolt while it is
 * armed (设防) is a 震动告警. A report that does not say it is armed counts as disarmed.
 */
function vibrationIgnored(alarmType: string, p: RulePosition, ctx: RuleContext): boolean {
  return alarmType === 'vibration' && ctx.assetKind === 'ebike' && p.armed !== true;
}

/** The terminal alarms the report raises (alarm bits and device alarms), switched on, with their detail. */
function reportedAlarms(p: RulePosition, ctx: RuleContext): Map<string, Record<string, unknown>> {
  const raised = new Map<string, Record<string, unknown>>();
  for (const { alarmType, bit } of TERMINAL_ALARM_BITS) {
    if (((p.alarmFlags >>> bit) & 1) === 1 && enabled(ctx, alarmType)) raised.set(alarmType, { bit });
  }
  for (const { alarmType, deviceAlarm } of DEVICE_ALARM_TYPES) {
    if (p.deviceAlarms?.includes(deviceAlarm) && enabled(ctx, alarmType) && !vibrationIgnored(alarmType, p, ctx)) raised.set(alarmType, { deviceAlarm });
  }
  return raised;
}

function terminalBits(p: RulePosition, ctx: RuleContext, d: Decisions): void {
  const raised = reportedAlarms(p, ctx);
  for (const { alarmType } of [...TERMINAL_ALARM_BITS, ...DEVICE_ALARM_TYPES]) {
    // a vibration is one of an episode, not an alarm of its own: vibrationEpisode decides
    if (alarmType === 'vibration') continue;
    const detail = raised.get(alarmType);
    if (detail) d.start(alarmType, p.time, pointOf(p), detail);
    else d.end(alarmType, p.time);
  }
}

/** Follows a stretch above a limit: true while the position is inside one (the stretch then holds its start and top speed). */
function followStretch(stretch: SpeedStretch, p: RulePosition, above: boolean): boolean {
  if (!above) {
    stretch.since = undefined;
    stretch.max = undefined;
    return false;
  }
  stretch.since ??= p.time;
  stretch.max = Math.max(stretch.max ?? 0, p.speed);
  return true;
}

/** Opens `type` once a stretch above `limit` has lasted its minimum duration; ends it when the speed drops. */
function speeding(type: string, limit: number, applies: boolean, stretch: SpeedStretch, p: RulePosition, ctx: RuleContext, d: Decisions): void {
  if (!followStretch(stretch, p, applies && enabled(ctx, type) && p.speed > limit)) {
    d.end(type, p.time);
    return;
  }
  const minSeconds = threshold(ctx, type, 'minDurationSeconds');
  if (p.time.getTime() - stretch.since!.getTime() >= minSeconds * 1000) {
    d.start(type, stretch.since!, pointOf(p), { speedLimit: limit, minDurationSeconds: minSeconds, maxSpeed: stretch.max });
  }
}

const overspeedLimit = (ctx: RuleContext) => ctx.vehicleSpeedLimit ?? threshold(ctx, 'platformOverspeed', 'speedLimit');
const gbLimit = (ctx: RuleContext) => threshold(ctx, 'gbOverspeed', 'speedLimit');

/** 平台超速: above the vehicle's own limit, else the tenant's, for the minimum duration. */
function overspeed(p: RulePosition, ctx: RuleContext, state: AssetAlarmState, d: Decisions): void {
  speeding('platformOverspeed', overspeedLimit(ctx), true, state.overspeed, p, ctx, d);
}

/** 超标车速: an e-bike measured above the 新国标 limit (25 km/h by default) for the minimum duration. */
function gbOverspeed(p: RulePosition, ctx: RuleContext, state: AssetAlarmState, d: Decisions): void {
  speeding('gbOverspeed', gbLimit(ctx), ctx.assetKind === 'ebike', state.gbOverspeed, p, ctx, d);
}

/**
 * 健康告警: a reading outside the asset's limits (heart rate out of range, blood pressure above or
 * below, SpO₂ below, body temperature above or below) opens one alarm of that kind (kept open while
 * readings stay out), a reading back in range ends it; a position without that reading changes
 * nothing. A blood pressure is high when either figure it carries is above its limit, low when
 * either is below.
 */
function health(p: RulePosition, ctx: RuleContext, d: Decisions): void {
  const l = ctx.health;
  const judge = (type: string, reading: Record<string, number> | undefined, out: boolean, limits: Record<string, number>) => {
    if (!reading) return;
    if (out && l && enabled(ctx, type)) d.start(type, p.time, pointOf(p), { ...reading, ...limits });
    else d.end(type, p.time, reading);
  };
  const { heartRate, systolic, diastolic, spo2, temperature } = p;
  if (heartRate !== undefined) judge('heartRateAbnormal', { heartRate }, !!l && (heartRate < l.heartRateMin || heartRate > l.heartRateMax), l ? { min: l.heartRateMin, max: l.heartRateMax } : {});
  if (systolic !== undefined || diastolic !== undefined) {
    const bp = { ...(systolic !== undefined && { systolic }), ...(diastolic !== undefined && { diastolic }) };
    const above = (v: number | undefined, max: number) => v !== undefined && v > max;
    const below = (v: number | undefined, min: number) => v !== undefined && v < min;
    judge('bloodPressureHigh', bp, !!l && (above(systolic, l.systolicMax) || above(diastolic, l.diastolicMax)), l ? { systolicMax: l.systolicMax, diastolicMax: l.diastolicMax } : {});
    judge('bloodPressureLow', bp, !!l && (below(systolic, l.systolicMin) || below(diastolic, l.diastolicMin)), l ? { systolicMin: l.systolicMin, diastolicMin: l.diastolicMin } : {});
  }
  if (spo2 !== undefined) judge('spo2Low', { spo2 }, !!l && spo2 < l.spo2Min, l ? { min: l.spo2Min } : {});
  if (temperature !== undefined) {
    judge('temperatureHigh', { temperature }, !!l && temperature > l.temperatureMax, l ? { max: l.temperatureMax } : {});
    judge('temperatureLow', { temperature }, !!l && temperature < l.temperatureMin, l ? { min: l.temperatureMin } : {});
  }
}

function parking(p: RulePosition, ctx: RuleContext, state: AssetAlarmState, d: Decisions): void {
  const type = 'parking';
  const stopped = (p.statusFlags & ACC_BIT) === 0 || p.speed < 1;
  if (!stopped) state.stoppedSince = undefined;
  else state.stoppedSince ??= p.time;
  if (!stopped || !enabled(ctx, type)) {
    d.end(type, p.time);
    return;
  }
  const minutes = threshold(ctx, type, 'minutes');
  if (p.time.getTime() - state.stoppedSince!.getTime() >= minutes * 60_000) d.start(type, state.stoppedSince!, pointOf(p), { minutes });
}

function lowBattery(p: RulePosition, ctx: RuleContext, d: Decisions): void {
  const type = 'lowBattery';
  if (!enabled(ctx, type)) {
    d.end(type, p.time);
    return;
  }
  if (p.battery === undefined) return; // nothing reported: nothing changes
  const percent = threshold(ctx, type, 'percent');
  if (p.battery < percent) d.start(type, p.time, pointOf(p), { battery: p.battery, percent });
  else d.end(type, p.time, { battery: p.battery });
}

function fences(p: RulePosition, ctx: RuleContext, state: AssetAlarmState, d: Decisions, changes: FenceChange[]): void {
  if ((p.statusFlags & LOCATED_BIT) === 0 || (p.lon === 0 && p.lat === 0)) return; // no fix: the side is unknown
  const point: LonLat = [p.lon, p.lat];
  let leftZone: RuleFence | undefined;
  for (const fence of ctx.fences) {
    const before = state.inside.get(fence.id);
    const now = nextInside(fence.area, before, point);
    if (before === now) continue;
    state.inside.set(fence.id, now);
    changes.push({ fenceId: fence.id, inside: now, at: p.time });
    if (before === undefined) continue; // first sighting: a side, not a crossing
    if (fence.safeZone) {
      if (!now) leftZone = fence;
      continue;
    }
    const type = now ? 'fenceEnter' : 'fenceExit';
    const wanted = fence.trigger === 'both' || fence.trigger === (now ? 'enter' : 'exit');
    if (wanted && enabled(ctx, type)) {
      d.transitions.push({ kind: 'event', alarmType: type, fenceId: fence.id, time: p.time, point: pointOf(p), detail: { fenceId: fence.id, fenceName: fence.name } });
    }
  }
  // fences no longer bound are forgotten
  const bound = new Set(ctx.fences.map((f) => f.id));
  for (const id of state.inside.keys()) if (!bound.has(id)) state.inside.delete(id);
  safeZones(p, ctx, state, d, leftZone);
}

/**
 * 离开安全区域: a pet that crosses out of a 安全区域 and is then inside none of its zones opens one
 * alarm (one per exit: it stays open while the pet is away); back inside any zone ends it.
 */
function safeZones(p: RulePosition, ctx: RuleContext, state: AssetAlarmState, d: Decisions, left: RuleFence | undefined): void {
  const type = 'leaveSafeZone';
  const zones = ctx.fences.filter((f) => f.safeZone);
  // switched off, no zone any more, or back inside one: nothing is open
  if (!enabled(ctx, type) || zones.length === 0 || zones.some((z) => state.inside.get(z.id) === true)) {
    d.end(type, p.time);
    return;
  }
  if (left) d.start(type, p.time, pointOf(p), { zoneId: left.id, zoneName: left.name });
}

/**
 * A report evaluated late (a blind-area upload, or one dated at or before the last evaluated):
 * the event alarms it carries (every terminal bit and device alarm) are recorded at its own time;
 * the condition rules (stretches, fences, parking, offline) have moved past it and skip it.
 */
export function evaluateLate(p: RulePosition, ctx: RuleContext): RuleOutcome {
  const transitions: AlarmTransition[] = [...reportedAlarms(p, ctx)].map(([alarmType, detail]) => ({ kind: 'late', alarmType, time: p.time, point: pointOf(p), detail }));
  return { transitions, fenceChanges: [] };
}

/**
 * Runs every position rule for one asset's position, in order of arrival. Mutates `state`;
 * returns the alarms to open, end or record and the fence sides to persist. A position not newer
 * than the last evaluated one is late: see evaluateLate.
 */
export function evaluatePosition(state: AssetAlarmState, p: RulePosition, ctx: RuleContext): RuleOutcome {
  const d = new Decisions(state);
  const fenceChanges: FenceChange[] = [];
  if (state.lastTime && p.time.getTime() <= state.lastTime.getTime()) return evaluateLate(p, ctx);
  state.lastTime = p.time;
  // a position ends an offline alarm: the asset is reporting again
  d.end('offline', p.time);
  terminalBits(p, ctx, d);
  vibrationEpisode(p, ctx, state, d, vibrationIgnored('vibration', p, ctx));
  displacement(p, ctx, state, d);
  overspeed(p, ctx, state, d);
  gbOverspeed(p, ctx, state, d);
  health(p, ctx, d);
  parking(p, ctx, state, d);
  lowBattery(p, ctx, d);
  fences(p, ctx, state, d, fenceChanges);
  return { transitions: d.transitions, fenceChanges };
}

/**
 * Replays an earlier position into the timers only (overspeed and parking stretches), to
 * rebuild them after a restart; raises and ends nothing.
 */
export function primeTimers(state: AssetAlarmState, p: RulePosition, ctx: RuleContext): void {
  if (state.lastTime && p.time.getTime() <= state.lastTime.getTime()) return;
  state.lastTime = p.time;
  followStretch(state.overspeed, p, p.speed > overspeedLimit(ctx));
  followStretch(state.gbOverspeed, p, ctx.assetKind === 'ebike' && p.speed > gbLimit(ctx));
  const stopped = (p.statusFlags & ACC_BIT) === 0 || p.speed < 1;
  if (stopped) state.stoppedSince ??= p.time;
  else state.stoppedSince = undefined;
}
