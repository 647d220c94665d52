import type { DeviceProtocolName } from '../../gateway/device-protocols';
import { ConnectGate } from '../connect-gate';
import { SeededRandom, mixSeed } from '../seeded-random';
import { SimTicker } from '../sim-ticker';
import { DeviceMotion, areaFor, type DeviceRole } from './device-motion';
import { SimulatedDevice, type DeviceSimCodec } from './simulated-device';

/** One device to simulate. */
export interface SimDeviceSpec {
  imei: string;
  protocol: DeviceProtocolName;
  role: DeviceRole;
  /** Position in its role (chooses its area). */
  index: number;
  draining?: boolean;
  /** The asset's fields; an e-bike's 电池电压 makes its guard report the battery's voltage. */
  profile?: Readonly<Record<string, string | number>>;
}

export interface DeviceFleetOptions {
  devices: readonly SimDeviceSpec[];
  codecs: Record<DeviceProtocolName, DeviceSimCodec>;
  host: string;
  ports: Record<DeviceProtocolName, number>;
  /** Seconds between reports. */
  intervalSec: number;
  /** Spread of the first connects, seconds. */
  rampSec?: number;
  seed?: number;
  /** Chance per second that a badge raises SOS. */
  sosPerSecond?: number;
}

export interface DeviceFleetHandle {
  readonly devices: readonly SimulatedDevice[];
  /** Devices connected now. */
  connected(): number;
  stop(): Promise<void>;
}

/**
 * The demo's first minutes: e-bike 0, armed where it stands, is bumped 75 s after its first report
 * (a 震动告警), e-bike 1 is stolen after 4 minutes (震动告警, then 位移告警 as it is taken away).
 * After that every e-bike lives by the everyday rates of DeviceMotion.
 */
const DEMO_OPENING: Readonly<Record<number, { kind: 'bump' | 'theft'; afterSec: number }>> = {
  0: { kind: 'bump', afterSec: 75 },
  1: { kind: 'theft', afterSec: 240 },
};

/** Starts simulated badges, collars and e-bike guards, each on its protocol's port. */
export function startDeviceFleet(options: DeviceFleetOptions): DeviceFleetHandle {
  const seed = options.seed ?? 6809;
  const rng = new SeededRandom(mixSeed(seed, 0xde71ce));
  const ticker = new SimTicker(200);
  const gate = new ConnectGate(100, 200);
  const rampMs = (options.rampSec ?? Math.min(options.intervalSec, 10)) * 1000;
  const devices = options.devices.map((spec, i) => {
    const motion = new DeviceMotion(spec.role, mixSeed(seed, i), areaFor(spec.role, spec.index), {
      ...(spec.draining && { drainPerMinute: 0.5 }),
      ...(spec.role === 'ebike' && spec.profile?.batteryVoltage !== undefined && { nominalVolts: Number(spec.profile.batteryVoltage) }),
      ...(options.sosPerSecond !== undefined && { sosPerSecond: options.sosPerSecond }),
      ...(spec.role === 'ebike' && DEMO_OPENING[spec.index] && { opening: DEMO_OPENING[spec.index] }),
    });
    const device = new SimulatedDevice({
      imei: spec.imei, codec: options.codecs[spec.protocol], motion, host: options.host, port: options.ports[spec.protocol],
      intervalSec: options.intervalSec, ticker, gate,
    });
    device.start(rng.range(0, rampMs));
    return device;
  });
  return {
    devices,
    connected: () => devices.filter((d) => d.connected).length,
    stop: async () => {
      await Promise.all(devices.map((d) => d.stop()));
    },
  };
}
