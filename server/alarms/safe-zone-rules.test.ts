import { describe, expect, it } from 'vitest';
import { mergeControls } from './alarm-catalogue';
import { emptyAlarmState, evaluatePosition, type AssetAlarmState, type RuleContext, type RuleFence, type RulePosition } from './alarm-rules';

// 离开安全区域 as the rules decide it: outside every zone of the pet after crossing out of one.
const T0 = Date.parse('2026-05-01T02:00:00Z');
const METRES = 1 / 111_194.93;
const HOME: [number, number] = [116.397, 39.909];
const zone = (id: number, name: string, metresNorth: number, radius: number): RuleFence => ({
  id, name, trigger: 'both', safeZone: true, area: { shape: 'circle', center: [HOME[0], HOME[1] + metresNorth * METRES], radius },
});
const home = zone(1, '家', 0, 200);
const park = zone(2, '公园', 1000, 200);

function ctx(fences: RuleFence[], leaveOn = true): RuleContext {
  return { controls: mergeControls([{ alarmType: 'leaveSafeZone', enabled: leaveOn, thresholds: {} }]), vehicleSpeedLimit: null, assetKind: 'pet', fences };
}

function run(state: AssetAlarmState, c: RuleContext, metresNorth: number[]): string[] {
  return metresNorth.flatMap((m, i) => {
    const time = new Date(T0 + i * 5000 + (state.lastTime ? state.lastTime.getTime() - T0 + 5000 : 0));
    const p: RulePosition = { time, receivedTime: time, lon: HOME[0], lat: HOME[1] + m * METRES, speed: 4, alarmFlags: 0, statusFlags: 2 };
    return evaluatePosition(state, p, c).transitions.map((t) => `${t.kind}:${t.alarmType}${t.kind === 'start' ? `:${String(t.detail.zoneName)}` : ''}`);
  });
}

describe('离开安全区域', () => {
  it('opens once per exit, ends on return, and raises no 进入/离开围栏 events for zones', () => {
    const state = emptyAlarmState();
    expect(run(state, ctx([home]), [0, 50, 600, 800, 900])).toEqual(['start:leaveSafeZone:家']);
    expect(run(state, ctx([home]), [100, 120])).toEqual(['end:leaveSafeZone']);
    expect(run(state, ctx([home]), [700])).toEqual(['start:leaveSafeZone:家']);
  });

  it('is not raised by a walk from one zone into another, nor by a first sighting outside', () => {
    expect(run(emptyAlarmState(), ctx([home, park]), [0, 1000, 0])).toEqual([]);
    expect(run(emptyAlarmState(), ctx([home]), [900, 950])).toEqual([]);
    // leaving the park for the road between the zones is an exit
    expect(run(emptyAlarmState(), ctx([home, park]), [0, 1000, 500])).toEqual(['start:leaveSafeZone:公园']);
  });

  it('raises nothing when switched off, and ends an open alarm when switched off or the pet has no zone any more', () => {
    expect(run(emptyAlarmState(), ctx([home], false), [0, 600])).toEqual([]);
    const state = emptyAlarmState();
    expect(run(state, ctx([home]), [0, 600])).toEqual(['start:leaveSafeZone:家']);
    expect(run(state, ctx([]), [650])).toEqual(['end:leaveSafeZone']);
    const switched = emptyAlarmState();
    expect(run(switched, ctx([home]), [0, 600])).toEqual(['start:leaveSafeZone:家']);
    expect(run(switched, ctx([home], false), [650])).toEqual(['end:leaveSafeZone']);
  });
});
