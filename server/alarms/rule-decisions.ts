import { alarmTypeInfo } from './alarm-catalogue';
import type { AlarmPoint, AlarmTransition, AssetAlarmState, RuleContext, RulePosition } from './alarm-rules';

/** Helpers every position rule shares: its switch, its thresholds, and the alarms it decides. */

/** JT/T 808 status bits the rules read: ACC on, position located. */
export const ACC_BIT = 1;
export const LOCATED_BIT = 2;

export function pointOf(p: RulePosition): AlarmPoint {
  return { lon: p.lon, lat: p.lat, speed: p.speed };
}

/** The tenant's switch of the type (the catalogue's default while unsaved). */
export function enabled(ctx: RuleContext, alarmType: string): boolean {
  return ctx.controls.get(alarmType)?.enabled ?? alarmTypeInfo(alarmType)?.defaultEnabled ?? false;
}

export function threshold(ctx: RuleContext, alarmType: string, key: string): number {
  return ctx.controls.get(alarmType)?.thresholds[key] ?? alarmTypeInfo(alarmType)?.defaultThresholds[key] ?? 0;
}

/** The transitions of one position, keeping the asset's open types in step. */
export class Decisions {
  readonly transitions: AlarmTransition[] = [];
  constructor(private readonly state: AssetAlarmState) {}

  /** Opens the alarm unless one of the type is open already (no flood). */
  start(alarmType: string, startTime: Date, point: AlarmPoint, detail: Record<string, unknown> = {}): void {
    if (this.state.open.has(alarmType)) return;
    this.state.open.add(alarmType);
    this.transitions.push({ kind: 'start', alarmType, startTime, point, detail });
  }

  end(alarmType: string, endTime: Date, detail?: Record<string, unknown>): void {
    if (!this.state.open.delete(alarmType)) return;
    this.transitions.push({ kind: 'end', alarmType, endTime, ...(detail && { detail }) });
  }
}
