import type { DeviceReport, SimFix } from '../../sim/devices/device-motion';

/**
 * What a test device reports, the rest defaulted: a satellite fix at `at` (or `fix` as given), full
 * battery, standing still, no alarm. Encoded by the simulator's device-side codecs.
 */
export type TestDeviceReport = Partial<Omit<DeviceReport, 'timeMs' | 'fix'>> & {
  /** Where the device is (a satellite fix); `fix` gives an approximate one instead. */
  at?: { lon: number; lat: number };
  fix?: SimFix;
};

const SHENZHEN = { lon: 114.0579, lat: 22.5431 };

/** The device clock of a test device: one report a second apart, as stored positions are one per terminal and second. */
export class TestDeviceClock {
  private last = 0;

  /** The next report's device time: now, or one second after the last (whole seconds, as frames carry them). */
  next(): number {
    this.last = Math.max(this.last + 1000, Math.floor((Date.now() - 1000) / 1000) * 1000);
    return this.last;
  }
}

/** `report` as the codecs take it, at `timeMs`. */
export function deviceReport(report: TestDeviceReport, timeMs: number): DeviceReport {
  const { at = SHENZHEN, fix, ...rest } = report;
  return {
    timeMs, battery: 100, charging: false, acc: false, armed: false, powerCutOff: false, steps: 0, alarms: [],
    fix: fix ?? { kind: 'gps', ...at, speed: 0, course: 0, satellites: 9 },
    ...rest,
  };
}
