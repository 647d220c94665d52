import { describe, expect, it } from 'vitest';
import { mergeControls } from '../../alarms/alarm-catalogue';
import { emptyAlarmState, evaluatePosition, type RuleContext } from '../../alarms/alarm-rules';
import { mixSeed } from '../seeded-random';
import { DeviceMotion, areaFor, type MotionOptions } from './device-motion';

// The demo's e-bikes as a fleet operator would see them: their guards' reports run through the
// platform's rules (as the alarm engine does) to count the alarms they raise. The documented band
// (README "Simulator"): 2–8 震动告警 an hour across the 40 e-bikes on average (no hour above 15), a
// 位移告警 every few hours, far fewer alarms than the armed guards' vibration reports.

const START = Date.UTC(2026, 10, 24, 1, 0, 0);
const EBIKES = 40;
const REPORT_SECONDS = 10;
const EBIKE: RuleContext = { controls: mergeControls([]), vehicleSpeedLimit: null, fences: [], assetKind: 'ebike' };

interface Tally {
  vibration: number;
  displacement: number;
  /** Vibration reports of armed guards: what an alarm per report would have raised. */
  armedJolts: number;
}

/** One e-bike's reports for `seconds`, through the rules; the alarms by the hour they started in. */
function ride(motion: DeviceMotion, seconds: number, hours: Tally[]): void {
  const state = emptyAlarmState();
  for (let t = 0; t < seconds; t += REPORT_SECONDS) {
    const r = motion.report(START + t * 1000);
    if (r.fix.kind !== 'gps') continue;
    const time = new Date(r.timeMs);
    const { transitions } = evaluatePosition(state, {
      time, receivedTime: time, lon: r.fix.lon, lat: r.fix.lat, speed: r.fix.speed, alarmFlags: 0, statusFlags: 2 | (r.acc ? 1 : 0),
      armed: r.armed, deviceAlarms: r.alarms, satellites: r.fix.satellites,
    }, EBIKE);
    const hour = hours[Math.floor(t / 3600)]!;
    if (r.armed && r.alarms.includes('vibration')) hour.armedJolts++;
    for (const x of transitions) {
      if (x.kind === 'start' && x.alarmType === 'vibration') hour.vibration++;
      if (x.kind === 'event' && x.alarmType === 'displacement') hour.displacement++;
    }
  }
}

/** The demo fleet (seeded as device-fleet.ts seeds it) for `hours`. */
function fleet(seed: number, hours: number, options: MotionOptions = {}): Tally[] {
  const tallies = Array.from({ length: hours }, () => ({ vibration: 0, displacement: 0, armedJolts: 0 }));
  for (let i = 0; i < EBIKES; i++) ride(new DeviceMotion('ebike', mixSeed(seed, i), areaFor('ebike', i), options), hours * 3600, tallies);
  return tallies;
}

describe('the demo e-bikes’ alarm rates', () => {
  it('raise a few 震动告警 an hour across the fleet, a 位移告警 now and then, and far fewer alarms than vibration reports', () => {
    const hours = [6809, 1, 2, 3].flatMap((seed) => fleet(seed, 6));
    const sum = (f: (t: Tally) => number) => hours.reduce((n, t) => n + f(t), 0);
    const perHour = sum((t) => t.vibration) / hours.length;
    expect(perHour).toBeGreaterThanOrEqual(2);
    expect(perHour).toBeLessThanOrEqual(8);
    expect(Math.max(...hours.map((t) => t.vibration))).toBeLessThanOrEqual(15);
    // some quiet hours, some thefts: one every few hours
    expect(sum((t) => t.displacement)).toBeGreaterThanOrEqual(2);
    expect(sum((t) => t.displacement)).toBeLessThanOrEqual(hours.length / 2);
    expect(sum((t) => t.vibration)).toBeLessThan(sum((t) => t.armedJolts) / 3);
  });

  it('opens the demo with a bump within two minutes and a theft within six, each raising its alarms once', () => {
    // six minutes of one e-bike with no everyday bumps or thefts: only its opening
    const opening = (kind: 'bump' | 'theft', afterSec: number) => {
      const tally = { vibration: 0, displacement: 0, armedJolts: 0 };
      ride(new DeviceMotion('ebike', mixSeed(6809, 0), areaFor('ebike', 0), { opening: { kind, afterSec }, bumpsPerSecond: 0, theftsPerSecond: 0 }), 360, [tally]);
      return tally;
    };
    expect(opening('bump', 75)).toMatchObject({ vibration: 1, displacement: 0 });
    expect(opening('theft', 240)).toMatchObject({ vibration: 1, displacement: 1 });
  });
});
