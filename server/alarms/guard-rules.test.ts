import { describe, expect, it } from 'vitest';
import { emptyAlarmState, evaluatePosition, type AlarmTransition, type AssetAlarmState, type RuleContext, type RulePosition } from './alarm-rules';
import { at, ctx, METRES, run } from './testing/rule-fixtures';

// 电动车卫士's theft rules as the engine runs them: 震动告警 episodes and 位移告警.
const ebike = (guard?: RuleContext['guard']) => ctx([], { assetKind: 'ebike', ...(guard && { guard }) });
/** A parked e-bike's report: armed or not, shaking or not. */
const parked = (seconds: number, armed: boolean | undefined, shaking = false, p: Partial<RulePosition> = {}) =>
  at(seconds, { speed: 0, statusFlags: 2, satellites: 9, ...(armed !== undefined && { armed }), ...(shaking && { deviceAlarms: ['vibration'] }), ...p });
/** Vibration reports of an armed e-bike at these seconds. */
const jolts = (...seconds: number[]) => seconds.map((t) => parked(t, true, true));

function transitions(state: AssetAlarmState, c: RuleContext, positions: RulePosition[]): AlarmTransition[] {
  return positions.flatMap((p) => evaluatePosition(state, p, c).transitions);
}

describe('震动告警 episodes', () => {
  it('raises one alarm for a burst within the window, dated at its first vibration; the rest extend it with their count', () => {
    const state = emptyAlarmState();
    const out = transitions(state, ebike(), jolts(0, 10, 20, 30, 100));
    expect(out.map((t) => `${t.kind}:${t.alarmType}`)).toEqual(['start:vibration', 'extend:vibration', 'extend:vibration', 'extend:vibration']);
    // 中 (the default) takes two reports: the alarm opens with the second, from the first
    expect(out[0]).toMatchObject({ kind: 'start', startTime: new Date(at(0).time), detail: { count: 2, lastTime: '2026-05-01T10:00:10+08:00', windowSeconds: 180, sensitivity: 2 } });
    expect(out.at(-1)).toMatchObject({ kind: 'extend', detail: { count: 5, lastTime: '2026-05-01T10:01:40+08:00' } });
  });

  it('ends the episode at its last vibration once the window passed quiet, and the next burst is a second alarm', () => {
    const state = emptyAlarmState();
    const out = transitions(state, ebike(), [...jolts(0, 10), parked(100, true), parked(190, true), parked(200, true), ...jolts(400, 410)]);
    expect(out.map((t) => `${t.kind}:${t.alarmType}`)).toEqual(['start:vibration', 'end:vibration', 'start:vibration']);
    // 200 s is past 10 s + 180 s: the first episode ended at 10 s
    expect(out[1]).toMatchObject({ kind: 'end', endTime: new Date(at(10).time) });
    expect(out[2]).toMatchObject({ startTime: new Date(at(400).time), detail: { count: 2 } });
  });

  it('raises nothing for a disarmed e-bike or one whose guard never said, and disarming ends the episode', () => {
    expect(run(emptyAlarmState(), ebike(), [parked(0, false, true), parked(10, false, true), parked(20, undefined, true), parked(30, undefined, true)])).toEqual([]);
    const state = emptyAlarmState();
    expect(run(state, ebike(), [...jolts(0, 10, 20), parked(30, false, true)])).toEqual(['start:vibration', 'extend:vibration', 'end:vibration']);
    // armed again: a new episode, counted from zero
    expect(run(state, ebike(), [...jolts(40), parked(45, true), ...jolts(50)])).toEqual(['start:vibration']);
  });

  it('needs the device’s sensitivity’s number of vibrations within its window: 低 three, 中 two, 高 one', () => {
    const seconds = [0, 60, 120];
    const opensAt = (guard: RuleContext['guard']) => transitions(emptyAlarmState(), ebike(guard), jolts(...seconds)).findIndex((t) => t.kind === 'start');
    expect(opensAt({ sensitivity: 1, windowSeconds: 180 })).toBe(0);
    expect(transitions(emptyAlarmState(), ebike({ sensitivity: 1, windowSeconds: 180 }), jolts(0, 60))).toEqual([]);
    expect(transitions(emptyAlarmState(), ebike({ sensitivity: 3, windowSeconds: 180 }), jolts(0))[0]).toMatchObject({ kind: 'start', detail: { count: 1, sensitivity: 3 } });
    // 中: one knock, then another long after the window, is never two in a window
    expect(run(emptyAlarmState(), ebike(), jolts(0, 300, 600))).toEqual([]);
    // a shorter window of its own splits what the default would keep together
    expect(run(emptyAlarmState(), ebike({ sensitivity: 2, windowSeconds: 60 }), jolts(0, 90, 180))).toEqual([]);
    expect(run(emptyAlarmState(), ebike({ sensitivity: 2, windowSeconds: 600 }), jolts(0, 300))).toEqual(['start:vibration']);
  });

  it('groups other devices’ vibration the same way, without asking whether they are armed', () => {
    const pet = ctx([], { assetKind: 'pet' });
    const shake = (t: number) => at(t, { deviceAlarms: ['vibration'] });
    expect(run(emptyAlarmState(), pet, [shake(0), shake(20), shake(40), at(300)])).toEqual(['start:vibration', 'extend:vibration', 'end:vibration']);
  });

  it('ends the episode when 震动告警 is switched off', () => {
    const state = emptyAlarmState();
    const off = ctx([{ alarmType: 'vibration', enabled: false, thresholds: {} }], { assetKind: 'ebike' });
    expect(run(state, ebike(), jolts(0, 10))).toEqual(['start:vibration']);
    expect(run(state, off, jolts(20))).toEqual(['end:vibration']);
  });
});

describe('位移告警', () => {
  /** An armed, parked e-bike `north` metres (and `east`) from where it was armed. */
  const away = (seconds: number, north: number, p: Partial<RulePosition> = {}) =>
    parked(seconds, true, false, { lat: 39.909 + north * METRES, ...p });

  it('raises one urgent instant alarm when consecutive fixes put the armed e-bike beyond 50 m, and none again while it stays armed', () => {
    const state = emptyAlarmState();
    const out = transitions(state, ebike(), [away(0, 0), away(10, 30), away(20, 70), away(30, 120), away(40, 300), away(50, 600)]);
    expect(out.map((t) => `${t.kind}:${t.alarmType}`)).toEqual(['event:displacement']);
    expect(out[0]).toMatchObject({ time: new Date(at(30).time), fenceId: 0, detail: { distance: 120, threshold: 50, fromLat: 39.909 } });
    // disarmed and armed again where it now stands: a new period, that may raise again
    expect(run(state, ebike(), [parked(60, false), away(70, 600), away(80, 700), away(90, 800)])).toEqual(['event:displacement']);
  });

  it('raises nothing for GPS drift around the place: small wander, a single jump, or approximate positions', () => {
    const wander = [0, 12, -18, 25, -9, 31, -22, 15, 85, 4, -27, 19, 0, 140, 8];
    const drift = wander.map((m, i) => away(i * 10, m, { speed: i % 4 === 1 ? 3 : 0 }));
    // cell-tower positions far off, and a fix from three satellites
    const coarse = [away(200, 900, { statusFlags: 0 }), away(210, 900, { statusFlags: 0 }), away(220, 400, { satellites: 3 }), away(230, 400, { satellites: 3 })];
    expect(run(emptyAlarmState(), ebike(), [...drift, ...coarse])).toEqual([]);
  });

  it('raises it for an armed e-bike ridden away faster than a few km/h on consecutive fixes, not for one moving blip', () => {
    expect(run(emptyAlarmState(), ebike(), [away(0, 0), away(10, 2, { speed: 9 }), away(20, 1), away(30, 3, { speed: 12 }), away(40, 20, { speed: 14 })])).toEqual(['event:displacement']);
    expect(run(emptyAlarmState(), ebike(), [away(0, 0), away(10, 2, { speed: 9 }), away(20, 1)])).toEqual([]);
  });

  it('raises nothing when it is not armed, not an e-bike, switched off, or its guard reported its own displacement', () => {
    const moves = (armed: boolean | undefined) => [0, 100, 200, 300].map((m, i) => parked(i * 10, armed, false, { lat: 39.909 + m * METRES }));
    expect(run(emptyAlarmState(), ebike(), moves(false))).toEqual([]);
    expect(run(emptyAlarmState(), ebike(), moves(undefined))).toEqual([]);
    expect(run(emptyAlarmState(), ctx([], { assetKind: 'vehicle' }), moves(true))).toEqual([]);
    expect(run(emptyAlarmState(), ctx([{ alarmType: 'displacement', enabled: false, thresholds: {} }], { assetKind: 'ebike' }), moves(true))).toEqual([]);
    const own = moves(true).map((p) => ({ ...p, alarmFlags: 1 << 28 }));
    expect(run(emptyAlarmState(), ebike(), own)).toEqual(['start:illegalMove']);
  });

  it('measures against the tenant’s own distance', () => {
    const far = ctx([{ alarmType: 'displacement', enabled: true, thresholds: { distance: 200 } }], { assetKind: 'ebike' });
    expect(run(emptyAlarmState(), far, [away(0, 0), away(10, 120), away(20, 150), away(30, 250), away(40, 260)])).toEqual(['event:displacement']);
    expect(run(emptyAlarmState(), far, [away(0, 0), away(10, 120), away(20, 150), away(30, 180)])).toEqual([]);
  });
});
