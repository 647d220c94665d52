import type { DemoDevice } from '../demo/demo-devices';
import { OfflineCellLocator } from '../gateway/cell-locator';
import { DeviceMotion, areaFor } from '../sim/devices/device-motion';
import { registerDemoSites } from '../sim/devices/device-places';
import { mixSeed } from '../sim/seeded-random';

/** One place of a demo device at a time (WGS84 degrees). */
export interface DemoTrackPoint {
  time: Date;
  lon: number;
  lat: number;
}

/**
 * Where the demo's simulator (default seed) puts `devices[at]` every `stepMs` from `from` to `to`
 * (ISO times, both included), placed as the gateway places what it reports: a satellite fix where it
 * is, an indoor one at the demo park's cells and access points. `devices` is the list the simulator
 * was started with (`demoDevices()`): a device's seed is its place in it.
 */
export function demoDeviceTrack(devices: readonly DemoDevice[], at: number, from: string, to: string, stepMs: number): DemoTrackPoint[] {
  const device = devices[at];
  if (!device) throw new Error(`no demo device ${at}`);
  const locator = new OfflineCellLocator();
  registerDemoSites(locator);
  const motion = new DeviceMotion(device.role, mixSeed(6809, at), areaFor(device.role, device.index), { sosPerSecond: 0 });
  const track: DemoTrackPoint[] = [];
  for (let t = Date.parse(from); t <= Date.parse(to); t += stepMs) {
    const fix = motion.report(t).fix;
    const place = fix.kind === 'gps' ? fix : locator.locate(fix)!;
    track.push({ time: new Date(t), lon: place.lon, lat: place.lat });
  }
  return track;
}
