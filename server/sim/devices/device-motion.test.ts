import { describe, expect, it } from 'vitest';
import { OfflineCellLocator } from '../../gateway/cell-locator';
import { DeviceMotion, areaFor, type DeviceReport } from './device-motion';
import { DEMO_PARK, registerDemoSites } from './device-places';

const START = Date.UTC(2026, 10, 24, 1, 0, 0);

function run(motion: DeviceMotion, hours: number, everySeconds = 10): DeviceReport[] {
  const reports: DeviceReport[] = [];
  for (let t = 0; t <= hours * 3600; t += everySeconds) reports.push(motion.report(START + t * 1000));
  return reports;
}

describe('DeviceMotion', () => {
  it('walks a badge between the park buildings; indoors it reports cells or WiFi that the demo table places in the park', () => {
    const reports = run(new DeviceMotion('badge', 7, areaFor('badge', 0), { sosPerSecond: 0 }), 4);
    const locator = new OfflineCellLocator();
    registerDemoSites(locator);
    const { area } = DEMO_PARK;
    const indoor = reports.filter((r) => r.fix.kind !== 'gps');
    const outdoor = reports.filter((r) => r.fix.kind === 'gps');
    expect(indoor.length).toBeGreaterThan(reports.length / 4);
    expect(outdoor.some((r) => r.fix.kind === 'gps' && r.fix.speed > 0)).toBe(true);
    for (const r of reports) {
      const place = r.fix.kind === 'gps' ? r.fix : locator.locate(r.fix);
      expect(place).toBeDefined();
      expect(place!.lon).toBeGreaterThanOrEqual(area.minLon - 0.001);
      expect(place!.lon).toBeLessThanOrEqual(area.maxLon + 0.001);
      expect(place!.lat).toBeGreaterThanOrEqual(area.minLat - 0.001);
      expect(place!.lat).toBeLessThanOrEqual(area.maxLat + 0.001);
    }
    // steps count up while walking; readings every ten minutes
    expect(reports.at(-1)!.steps).toBeGreaterThan(1000);
    const withReadings = reports.filter((r) => r.readings);
    expect(withReadings.length).toBe(4 * 6 + 1);
    expect(withReadings[0]!.readings!.heartRate).toBeGreaterThan(50);
  });

  it('raises SOS now and then on a badge, held for a few reports', () => {
    const reports = run(new DeviceMotion('badge', 3, areaFor('badge', 0), { sosPerSecond: 1 / 600 }), 2);
    const sos = reports.filter((r) => r.alarms.includes('sos'));
    expect(sos.length).toBeGreaterThan(0);
    expect(sos.length).toBeLessThan(reports.length / 4);
  });

  it('takes a pet for walks and brings it home', () => {
    const motion = new DeviceMotion('collar', 11, areaFor('collar', 1));
    const reports = run(motion, 6);
    const fixes = reports.map((r) => r.fix).filter((f) => f.kind === 'gps');
    const moving = fixes.filter((f) => f.speed > 0).length;
    expect(moving).toBeGreaterThan(10);
    expect(moving).toBeLessThan(fixes.length);
    expect(reports.every((r) => r.readings === undefined)).toBe(true);
  });

  it('rides an e-bike on short trips, parks it, and stops it when the power is cut', () => {
    const motion = new DeviceMotion('ebike', 5, areaFor('ebike', 0));
    const reports = run(motion, 3);
    expect(reports.some((r) => r.acc && r.fix.kind === 'gps' && r.fix.speed > 10)).toBe(true);
    expect(reports.some((r) => !r.acc)).toBe(true);
    motion.setArmed(false);
    motion.setPowerCut(true);
    const after = run(motion, 1).slice(1);
    expect(after.every((r) => r.powerCutOff && r.fix.kind === 'gps' && r.fix.speed === 0)).toBe(true);
  });

  it('jostles parked e-bikes now and then whether armed or not, never one its owner rides, and reports fewer jolts at a lower sensitivity', () => {
    const busy = { bumpsPerSecond: 1 / 600, theftsPerSecond: 0 };
    const reports = run(new DeviceMotion('ebike', 5, areaFor('ebike', 0), busy), 12);
    const jolts = reports.filter((r) => r.alarms.includes('vibration'));
    expect(jolts.some((r) => !r.armed)).toBe(true);
    expect(jolts.some((r) => r.armed)).toBe(true);
    // the owner disarms before riding: moving, it neither shakes nor is armed
    const riding = reports.filter((r) => r.fix.kind === 'gps' && r.fix.speed > 0);
    expect(riding.length).toBeGreaterThan(10);
    expect(riding.some((r) => r.armed || r.alarms.includes('vibration'))).toBe(false);
    const low = new DeviceMotion('ebike', 5, areaFor('ebike', 0), busy);
    low.setVibrationSensitivity(1);
    expect(run(low, 12).filter((r) => r.alarms.includes('vibration')).length).toBeLessThan(jolts.length);
  });

  it('drains the battery of the one e-bike that is meant to, until it raises low battery', () => {
    const reports = run(new DeviceMotion('ebike', 9, areaFor('ebike', 1), { drainPerMinute: 1 }), 2, 30);
    expect(reports.at(-1)!.battery).toBeLessThanOrEqual(10);
    expect(reports.at(-1)!.alarms).toContain('lowBattery');
  });
});
