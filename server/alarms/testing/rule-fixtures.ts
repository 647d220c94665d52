import { mergeControls, type AlarmControl } from '../alarm-catalogue';
import { evaluatePosition, type AssetAlarmState, type RuleContext, type RulePosition } from '../alarm-rules';

/** Positions and contexts the rule tests build: a fixed start, Beijing, ACC on and located. */
export const T0 = Date.parse('2026-05-01T02:00:00Z');
export const ACC = 1;
export const LOCATED = 2;
/** Degrees of latitude per metre. */
export const METRES = 1 / 111_194.93;

export function ctx(saved: AlarmControl[] = [], extra: Partial<RuleContext> = {}): RuleContext {
  return { controls: mergeControls(saved), vehicleSpeedLimit: null, fences: [], ...extra };
}

export function at(seconds: number, p: Partial<RulePosition> = {}): RulePosition {
  const time = new Date(T0 + seconds * 1000);
  return { time, receivedTime: time, lon: 116.397, lat: 39.909, speed: 40, alarmFlags: 0, statusFlags: ACC | LOCATED, ...p };
}

/** Runs the positions in order; the transitions as `start:type`, `end:type`, `event:type`. */
export function run(state: AssetAlarmState, c: RuleContext, positions: RulePosition[]): string[] {
  return positions.flatMap((p) => evaluatePosition(state, p, c).transitions.map((t) => `${t.kind}:${t.alarmType}`));
}
