import { describe, expect, it } from 'vitest';
import type { AlarmControl } from './alarm-catalogue';
import { emptyAlarmState, evaluatePosition, primeTimers, type RuleFence } from './alarm-rules';
import { ACC, at, ctx, LOCATED, run, T0 } from './testing/rule-fixtures';
import { batteryPercent } from './rule-position';

const SOS = 1 << 0;
const POWER_CUT = 1 << 8;

describe('terminal alarm bits', () => {
  it('opens one alarm per type while the bit stays set, ends it when cleared, opens a new one when set again', () => {
    const state = emptyAlarmState();
    const out = run(state, ctx(), [
      at(0, { alarmFlags: SOS }), at(5, { alarmFlags: SOS }), at(10, { alarmFlags: SOS | POWER_CUT }), at(15, { alarmFlags: POWER_CUT }), at(20), at(25, { alarmFlags: SOS }),
    ]);
    expect(out).toEqual(['start:sos', 'start:powerCut', 'end:sos', 'end:powerCut', 'start:sos']);
  });

  it('reports the start time and position of the first report', () => {
    const state = emptyAlarmState();
    const [t] = evaluatePosition(state, at(0, { alarmFlags: SOS, lon: 121.47, lat: 31.23, speed: 12 }), ctx()).transitions;
    expect(t).toMatchObject({ kind: 'start', alarmType: 'sos', startTime: new Date(T0), point: { lon: 121.47, lat: 31.23, speed: 12 }, detail: { bit: 0 } });
  });

  it('raises nothing for a disabled type and ends one that was open when it was disabled', () => {
    const off = ctx([{ alarmType: 'sos', enabled: false, thresholds: {} }]);
    expect(run(emptyAlarmState(), off, [at(0, { alarmFlags: SOS }), at(5, { alarmFlags: SOS })])).toEqual([]);
    const state = emptyAlarmState();
    expect(run(state, ctx(), [at(0, { alarmFlags: SOS })])).toEqual(['start:sos']);
    expect(run(state, off, [at(5, { alarmFlags: SOS })])).toEqual(['end:sos']);
  });

  it('records only the event alarms of positions not newer than the last one evaluated, at their own time (补报)', () => {
    const state = emptyAlarmState();
    const late = [at(10), at(5, { alarmFlags: SOS, speed: 150 }), at(10, { alarmFlags: SOS })].flatMap((p) => evaluatePosition(state, p, ctx()).transitions);
    expect(late.map((t) => `${t.kind}:${t.alarmType}`)).toEqual(['late:sos', 'late:sos']);
    expect(late[0]).toMatchObject({ time: new Date(T0 + 5000), detail: { bit: 0 } });
    // nothing opened: the condition rules (here 平台超速) moved past them
    expect([...state.open]).toEqual([]);
  });
});

describe('platform overspeed', () => {
  const c = ctx([{ alarmType: 'platformOverspeed', enabled: true, thresholds: { speedLimit: 100, minDurationSeconds: 10 } }]);

  it('opens after the speed stayed above the limit for the minimum duration, once, and ends below it', () => {
    const state = emptyAlarmState();
    const outcomes = [at(0, { speed: 110 }), at(5, { speed: 112 }), at(10, { speed: 115 }), at(15, { speed: 120 }), at(20, { speed: 90 })]
      .map((p) => evaluatePosition(state, p, c).transitions);
    expect(outcomes.map((t) => t.map((x) => `${x.kind}:${x.alarmType}`))).toEqual([[], [], ['start:platformOverspeed'], [], ['end:platformOverspeed']]);
    expect(outcomes[2]![0]).toMatchObject({ startTime: new Date(T0), detail: { speedLimit: 100, minDurationSeconds: 10, maxSpeed: 115 } });
  });

  it('starts counting again after a report at or under the limit', () => {
    expect(run(emptyAlarmState(), c, [at(0, { speed: 110 }), at(5, { speed: 100 }), at(10, { speed: 110 }), at(15, { speed: 111 })])).toEqual([]);
  });

  it("uses the vehicle's own limit over the tenant's", () => {
    const strict = { ...c, vehicleSpeedLimit: 60 };
    expect(run(emptyAlarmState(), strict, [at(0, { speed: 70 }), at(10, { speed: 70 })])).toEqual(['start:platformOverspeed']);
  });

  it('rebuilds the stretch from earlier positions after a restart', () => {
    const state = emptyAlarmState();
    primeTimers(state, at(0, { speed: 110 }), c);
    primeTimers(state, at(5, { speed: 111 }), c);
    expect(run(state, c, [at(10, { speed: 112 })])).toEqual(['start:platformOverspeed']);
  });
});

describe('parking', () => {
  const c = ctx([{ alarmType: 'parking', enabled: true, thresholds: { minutes: 5 } }]);

  it('opens after ACC off for the threshold, from the moment it stopped, and ends when driving on', () => {
    const state = emptyAlarmState();
    const stopped = { statusFlags: LOCATED, speed: 0 };
    const outcomes = [at(0, stopped), at(180, stopped), at(300, stopped), at(360, stopped), at(420, { speed: 30 })].map((p) => evaluatePosition(state, p, c).transitions);
    expect(outcomes.map((t) => t.map((x) => `${x.kind}:${x.alarmType}`))).toEqual([[], [], ['start:parking'], [], ['end:parking']]);
    expect(outcomes[2]![0]).toMatchObject({ startTime: new Date(T0), detail: { minutes: 5 } });
  });

  it('counts speed 0 with ACC on as stopped', () => {
    expect(run(emptyAlarmState(), c, [at(0, { speed: 0 }), at(301, { speed: 0 })])).toEqual(['start:parking']);
  });

  it('is off by default', () => {
    expect(run(emptyAlarmState(), ctx(), [at(0, { speed: 0 }), at(7200, { speed: 0 })])).toEqual([]);
  });
});

describe('low battery', () => {
  it('opens below the threshold, keeps it while the level is not reported, ends at or above it', () => {
    const state = emptyAlarmState();
    expect(run(state, ctx(), [at(0, { battery: 15 }), at(5, { battery: 12 }), at(10), at(15, { battery: 20 })])).toEqual(['start:lowBattery', 'end:lowBattery']);
  });

  it('does nothing for terminals that never report a level', () => {
    expect(run(emptyAlarmState(), ctx(), [at(0), at(5)])).toEqual([]);
  });

  it('reads the level from additional item 0xE1 or a battery extra', () => {
    expect(batteryPercent({ raw: [{ id: 0xe1, hex: '0f' }] })).toBe(15);
    expect(batteryPercent({ battery: 42 })).toBe(42);
    expect(batteryPercent({ raw: [{ id: 0xe1, hex: 'ff' }] })).toBeUndefined();
    expect(batteryPercent({})).toBeUndefined();
  });
});

describe('fences', () => {
  const METRES = 1 / 111_194.93;
  const fence = (trigger: RuleFence['trigger']): RuleFence => ({ id: 7, name: '北京仓库', trigger, area: { shape: 'circle', center: [116.397, 39.909], radius: 500 } });
  const away = (m: number) => ({ lat: 39.909 + m * METRES });

  it('records enter and exit as instant events, never for the first sighting', () => {
    const state = emptyAlarmState();
    const c = ctx([], { fences: [fence('both')] });
    const first = evaluatePosition(state, at(0, away(800)), c);
    expect(first).toEqual({ transitions: [], fenceChanges: [{ fenceId: 7, inside: false, at: new Date(T0) }] });
    const enter = evaluatePosition(state, at(5, away(100)), c);
    expect(enter.transitions).toEqual([
      { kind: 'event', alarmType: 'fenceEnter', fenceId: 7, time: new Date(T0 + 5000), point: { lon: 116.397, lat: 39.909 + 100 * METRES, speed: 40 }, detail: { fenceId: 7, fenceName: '北京仓库' } },
    ]);
    expect(run(state, c, [at(10, away(50)), at(15, away(900))])).toEqual(['event:fenceExit']);
  });

  it('raises only the crossings its trigger asks for', () => {
    const state = emptyAlarmState();
    expect(run(state, ctx([], { fences: [fence('enter')] }), [at(0, away(800)), at(5, away(0)), at(10, away(800)), at(15, away(0))])).toEqual(['event:fenceEnter', 'event:fenceEnter']);
  });

  it('ignores border jitter and positions without a fix', () => {
    const state = emptyAlarmState();
    const c = ctx([], { fences: [fence('both')] });
    expect(run(state, c, [at(0, away(0)), at(5, away(510)), at(10, away(495)), at(15, away(515)), at(20, { ...away(5000), statusFlags: ACC })])).toEqual([]);
    expect(state.inside.get(7)).toBe(true);
  });

  it('raises nothing when fence alarms are switched off', () => {
    const c = ctx([{ alarmType: 'fenceEnter', enabled: false, thresholds: {} }], { fences: [fence('both')] });
    expect(run(emptyAlarmState(), c, [at(0, away(800)), at(5, away(0)), at(10, away(800))])).toEqual(['event:fenceExit']);
  });
});

describe('offline', () => {
  it('ends an open offline alarm with the next position', () => {
    const state = emptyAlarmState();
    state.open.add('offline');
    expect(run(state, ctx(), [at(0), at(5)])).toEqual(['end:offline']);
  });
});

describe('超标车速 (新国标)', () => {
  const ebike = (saved: AlarmControl[] = []) => ctx(saved, { assetKind: 'ebike' });

  it('raises one alarm when an e-bike stays above 25 km/h for 10 s, and ends it when it slows down', () => {
    const state = emptyAlarmState();
    const out = run(state, ebike(), [at(0, { speed: 24 }), at(5, { speed: 28 }), at(10, { speed: 31 }), at(15, { speed: 29 }), at(20, { speed: 30 }), at(25, { speed: 20 })]);
    expect(out).toEqual(['start:gbOverspeed', 'end:gbOverspeed']);
    const [started] = evaluatePosition(emptyAlarmState(), at(0, { speed: 40 }), ebike([{ alarmType: 'gbOverspeed', enabled: true, thresholds: { speedLimit: 25, minDurationSeconds: 0 } }])).transitions;
    expect(started).toMatchObject({ alarmType: 'gbOverspeed', detail: { speedLimit: 25, maxSpeed: 40 } });
  });

  it('watches e-bikes only: a car or a person at 30 km/h raises no 超标车速', () => {
    for (const assetKind of ['vehicle', 'person', null]) {
      const out = run(emptyAlarmState(), ctx([], { assetKind }), [at(0, { speed: 30 }), at(20, { speed: 30 })]);
      expect(out.filter((t) => t.endsWith('gbOverspeed'))).toEqual([]);
    }
  });

  it('keeps the stretch across a restart: primed timers raise the alarm with the next fast position', () => {
    const state = emptyAlarmState();
    primeTimers(state, at(0, { speed: 30 }), ebike());
    primeTimers(state, at(6, { speed: 30 }), ebike());
    expect(run(state, ebike(), [at(11, { speed: 30 })])).toEqual(['start:gbOverspeed']);
  });
});

describe('健康告警', () => {
  const health = {
    heartRateMin: 50, heartRateMax: 120, systolicMin: 90, systolicMax: 140, diastolicMin: 60, diastolicMax: 90, spo2Min: 94, temperatureMin: 35.5, temperatureMax: 37.3,
  };
  const badge = (saved: AlarmControl[] = []) => ctx(saved, { assetKind: 'person', health });

  it('opens exactly one 心率异常 while heart rates stay above the range, and ends it when one is back in range', () => {
    const state = emptyAlarmState();
    const out = run(state, badge(), [at(0, { heartRate: 80 }), at(60, { heartRate: 135 }), at(120, { heartRate: 142 }), at(180), at(240, { heartRate: 90 })]);
    expect(out).toEqual(['start:heartRateAbnormal', 'end:heartRateAbnormal']);
    const [t] = evaluatePosition(emptyAlarmState(), at(0, { heartRate: 45 }), badge()).transitions;
    expect(t).toMatchObject({ alarmType: 'heartRateAbnormal', detail: { heartRate: 45, min: 50, max: 120 } });
  });

  it('opens 体温过高 above the ceiling, on its own beside the heart rate', () => {
    const out = run(emptyAlarmState(), badge(), [at(0, { temperature: 37.2, heartRate: 130 }), at(60, { temperature: 38.1, heartRate: 131 })]);
    expect(out).toEqual(['start:heartRateAbnormal', 'start:temperatureHigh']);
  });

  it('raises nothing when the type is switched off in 告警设置', () => {
    const off = badge([{ alarmType: 'heartRateAbnormal', enabled: false, thresholds: {} }]);
    expect(run(emptyAlarmState(), off, [at(0, { heartRate: 150 })])).toEqual([]);
  });

  it('opens one 血氧过低 for an SpO₂ of 90 under 94 and ends it when a reading is back at 96', () => {
    const state = emptyAlarmState();
    const out = evaluatePosition(state, at(0, { spo2: 90 }), badge()).transitions;
    expect(out).toEqual([expect.objectContaining({ kind: 'start', alarmType: 'spo2Low', detail: { spo2: 90, min: 94 } })]);
    expect(run(state, badge(), [at(60, { spo2: 91 }), at(120), at(180, { spo2: 96 })])).toEqual(['end:spo2Low']);
    // exactly at the limit is in range
    expect(run(emptyAlarmState(), badge(), [at(0, { spo2: 94 })])).toEqual([]);
  });

  it('opens 体温过低 for 35.0 under 35.5, not 体温过高, and ends it at 36.4', () => {
    const state = emptyAlarmState();
    const [t] = evaluatePosition(state, at(0, { temperature: 35.0 }), badge()).transitions;
    expect(t).toMatchObject({ kind: 'start', alarmType: 'temperatureLow', detail: { temperature: 35, min: 35.5 } });
    expect(run(state, badge(), [at(60, { temperature: 36.4 })])).toEqual(['end:temperatureLow']);
  });

  it('opens 血压过高 when either figure is above its limit and 血压过低 when either is below', () => {
    expect(run(emptyAlarmState(), badge(), [at(0, { systolic: 150, diastolic: 85 })])).toEqual(['start:bloodPressureHigh']);
    expect(run(emptyAlarmState(), badge(), [at(0, { systolic: 130, diastolic: 95 })])).toEqual(['start:bloodPressureHigh']);
    expect(run(emptyAlarmState(), badge(), [at(0, { systolic: 85, diastolic: 70 })])).toEqual(['start:bloodPressureLow']);
    const state = emptyAlarmState();
    expect(run(state, badge(), [at(0, { systolic: 150, diastolic: 95 }), at(60, { systolic: 145, diastolic: 92 }), at(120, { systolic: 120, diastolic: 80 })]))
      .toEqual(['start:bloodPressureHigh', 'end:bloodPressureHigh']);
    const [t] = evaluatePosition(emptyAlarmState(), at(0, { systolic: 150, diastolic: 85 }), badge()).transitions;
    expect(t!.detail).toEqual({ systolic: 150, diastolic: 85, systolicMax: 140, diastolicMax: 90 });
  });
});
