/**
 * What the terminals of the alarm desk benchmark report: each report of the storm sets one JT/T 808
 * alarm bit, never the one the terminal's previous report set, so the engine ends one alarm and
 * starts one for every report. Each terminal walks the same cycle from its own place in it: 1 in 25
 * reports is an SOS (紧急), the rest alternate 一般 and 提示 types, so a terminal repeats a type
 * within minutes (the desk merges it) while many terminals keep new entries coming.
 */
import { alarmTypeInfo } from '../server/alarms/alarm-catalogue';
import { DEMO_CITIES } from '../server/demo/demo-fleet';
import type { ReportVariation } from './jt808-load-generator';

const NORMAL = ['overspeed', 'fatigue', 'earlyWarning'];
const INFO = ['gnssFault', 'lowVoltage', 'cameraFault'];
/** SOS, then 一般 and 提示 in turn: no two neighbours (the last and the first included) alike. */
export const STORM_CYCLE: readonly string[] = ['sos', ...Array.from({ length: 24 }, (_, i) => (i % 2 === 0 ? NORMAL : INFO)[Math.floor(i / 2) % 3]!)];

function bitOf(alarmType: string): number {
  const bit = alarmTypeInfo(alarmType)?.bit;
  if (bit === undefined) throw new Error(`${alarmType} is not a JT/T 808 alarm bit`);
  return bit;
}

const CYCLE_FLAGS = STORM_CYCLE.map((t) => (1 << bitOf(t)) >>> 0);

/** Share of the storm's alarms per level, from the cycle. */
export function stormLevels(): { urgent: number; normal: number; info: number } {
  const count = (types: readonly string[]) => STORM_CYCLE.filter((t) => types.includes(t)).length / STORM_CYCLE.length;
  return { urgent: count(['sos']), normal: count(NORMAL), info: count(INFO) };
}

/** About 100 m a report: the vehicles drive, so every alarm has a place of its own to look up. */
const STEP_DEG = 0.001;

/**
 * Reports of the demo fleet's terminal `index`: in its city, moving a little each report; no alarm
 * bit while `storm()` is false, the cycle's next bit while it is true.
 */
export function stormReports(storm: () => boolean): (index: number, k: number) => ReportVariation {
  return (index, k) => {
    const city = DEMO_CITIES[index % DEMO_CITIES.length]!;
    const spread = (index % 97) / 97 - 0.5;
    const at = { lat: city.centre.lat + spread * city.halfSpan.lat + ((k % 200) - 100) * STEP_DEG, lon: city.centre.lon + spread * city.halfSpan.lon };
    return { alarmFlags: storm() ? CYCLE_FLAGS[(index + k) % CYCLE_FLAGS.length]! : 0, at };
  };
}
