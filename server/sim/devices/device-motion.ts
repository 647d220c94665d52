import type { CellTower, DeviceAlarm, HealthReadings, WifiAccessPoint } from '../../gateway/device-protocol';
import { SeededRandom } from '../seeded-random';
import { DEMO_ESTATES, DEMO_PARK, EBIKE_AREAS, type Area, type Place } from './device-places';

/** What the people, pets and e-bikes the simulator plays do. */
export type DeviceRole = 'badge' | 'collar' | 'ebike';

/** Where a device is, as it can tell it: a satellite fix, or only the cells / access points it hears. */
export type SimFix =
  | { kind: 'gps'; lon: number; lat: number; speed: number; course: number; satellites: number }
  | { kind: 'lbs'; cells: CellTower[] }
  | { kind: 'wifi'; cells: CellTower[]; wifi: WifiAccessPoint[] };

/** One report of a simulated device. */
export interface DeviceReport {
  timeMs: number;
  fix: SimFix;
  battery: number;
  charging: boolean;
  acc: boolean;
  armed: boolean;
  powerCutOff: boolean;
  steps: number;
  alarms: DeviceAlarm[];
  readings?: HealthReadings;
  /** E-bikes: the battery's voltage, volts (from its charge and nominal voltage). */
  batteryVolts?: number;
}

/** Tuning; the defaults give a believable demo. */
export interface MotionOptions {
  /** Chance per second that a badge raises SOS. Default one per badge per two hours. */
  sosPerSecond?: number;
  /** This device's battery drains (percent per minute) and it never charges. */
  drainPerMinute?: number;
  /** E-bikes: the battery's nominal voltage (36, 48, 60, 72 V); the guard then reports the battery's voltage. */
  nominalVolts?: number;
}

const EARTH = 6_371_000;

/** The voltage of a pack at `percent` charge: 87.5 % of nominal empty, 110 % full (sdk batteryPercentFromVoltage read backwards). */
function volts(percent: number, nominal: number): number {
  return Math.round((nominal * 0.875 + (percent / 100) * nominal * 0.225) * 100) / 100;
}
// badges measure heart rate, blood pressure and temperature every ten minutes
const READINGS_EVERY_MS = 10 * 60_000;
const toRad = Math.PI / 180;

function move(from: Place, course: number, metres: number): Place {
  const dLat = (metres * Math.cos(course * toRad)) / EARTH / toRad;
  const dLon = (metres * Math.sin(course * toRad)) / (EARTH * Math.cos(from.lat * toRad)) / toRad;
  return { lon: from.lon + dLon, lat: from.lat + dLat };
}

function metresBetween(a: Place, b: Place): number {
  const x = (b.lon - a.lon) * toRad * Math.cos(((a.lat + b.lat) / 2) * toRad);
  const y = (b.lat - a.lat) * toRad;
  return Math.hypot(x, y) * EARTH;
}

function bearing(a: Place, b: Place): number {
  const x = (b.lon - a.lon) * Math.cos(((a.lat + b.lat) / 2) * toRad);
  const y = b.lat - a.lat;
  return ((Math.atan2(x, y) / toRad) + 360) % 360;
}

function randomIn(area: Area, random: SeededRandom): Place {
  return { lon: random.range(area.minLon, area.maxLon), lat: random.range(area.minLat, area.maxLat) };
}

/**
 * Moves one simulated person, pet or e-bike and says what its device reports: badges walk between
 * the buildings of an industrial park (indoors only cells and WiFi), collars go for walks around
 * their housing estate and rest at home, e-bikes ride short urban trips and park, some armed, and
 * feel a jolt now and then where they are parked.
 */
export class DeviceMotion {
  private readonly random: SeededRandom;
  private position: Place;
  private target: Place;
  private home: Place;
  private course = 0;
  private speed = 0;
  /** When the current stay (indoors, at home, parked) ends. */
  private stayUntil = 0;
  private indoors: number | undefined;
  /** The building a badge walks to. */
  private destination: number | undefined;
  private lastMs: number | undefined;
  private battery: number;
  private steps = 0;
  private armed = false;
  private powerCutOff = false;
  private sosUntil = 0;
  private readingsAt = -Infinity;
  private readonly sosPerSecond: number;
  private readonly drainPerMinute: number | undefined;
  private readonly nominalVolts: number | undefined;

  constructor(readonly role: DeviceRole, readonly seed: number, private readonly area: Area, options: MotionOptions = {}) {
    this.random = new SeededRandom(seed);
    this.home = randomIn(area, this.random);
    this.position = this.home;
    this.target = this.home;
    this.battery = this.random.int(45, 100);
    this.sosPerSecond = options.sosPerSecond ?? 1 / 7200;
    this.drainPerMinute = options.drainPerMinute;
    this.nominalVolts = options.nominalVolts;
  }

  /** Relay state the platform set (断电 / 恢复). */
  setPowerCut(cut: boolean): void {
    this.powerCutOff = cut;
  }

  /** 设防 / 撤防 from the platform. */
  setArmed(armed: boolean): void {
    this.armed = armed;
  }

  /** Advances to `nowMs` and returns the report the device sends now. */
  report(nowMs: number): DeviceReport {
    const seconds = this.lastMs === undefined ? 0 : Math.min(600, Math.max(0, (nowMs - this.lastMs) / 1000));
    this.lastMs = nowMs;
    this.advance(nowMs, seconds);
    this.updateBattery(seconds);
    const alarms: DeviceAlarm[] = [];
    if (this.role === 'badge' && nowMs >= this.sosUntil && this.random.chance(this.sosPerSecond * seconds)) this.sosUntil = nowMs + 20_000;
    if (nowMs < this.sosUntil) alarms.push('sos');
    if (this.battery <= 10 && !this.charging()) alarms.push('lowBattery');
    // a parked e-bike is jostled now and then, armed or not (the guard tells either way; the platform
    // alarms only while armed); one ridden away while armed shakes all the way
    if (this.role === 'ebike' && ((this.armed && this.speed > 0) || (this.speed === 0 && this.random.chance(0.002 * seconds)))) alarms.push('vibration');
    return {
      timeMs: nowMs,
      fix: this.fix(),
      battery: Math.round(this.battery),
      charging: this.charging(),
      acc: this.role === 'ebike' && this.speed > 0,
      armed: this.armed,
      powerCutOff: this.powerCutOff,
      steps: this.steps,
      alarms,
      ...(this.role === 'badge' && nowMs - this.readingsAt >= READINGS_EVERY_MS && { readings: this.readings(nowMs) }),
      ...(this.nominalVolts !== undefined && { batteryVolts: volts(this.battery, this.nominalVolts) }),
    };
  }

  private charging(): boolean {
    // e-bikes charge while parked at home overnight-ish; badges and collars at their base
    return this.drainPerMinute === undefined && this.battery < 30 && this.speed === 0 && this.indoors === undefined && metresBetween(this.position, this.home) < 30;
  }

  private updateBattery(seconds: number): void {
    const perMinute = this.drainPerMinute ?? (this.speed > 0 ? 0.15 : 0.03);
    if (this.charging()) this.battery = Math.min(100, this.battery + seconds / 6);
    else this.battery = Math.max(this.drainPerMinute === undefined ? 8 : 1, this.battery - (perMinute * seconds) / 60);
  }

  private advance(nowMs: number, seconds: number): void {
    if (nowMs < this.stayUntil) {
      this.speed = 0;
      return;
    }
    const distance = metresBetween(this.position, this.target);
    if (distance < 5) {
      this.arrive(nowMs);
      return;
    }
    this.speed = this.cruise();
    const step = Math.min(distance, (this.speed / 3.6) * seconds);
    this.course = bearing(this.position, this.target);
    this.position = move(this.position, this.course, step);
    if (this.role !== 'ebike') this.steps += Math.round(step / 0.7);
    if (this.powerCutOff && this.role === 'ebike') {
      // no power to the motor: the e-bike stops where it is
      this.target = this.position;
    }
  }

  private cruise(): number {
    switch (this.role) {
      case 'badge':
        return 4.5;
      case 'collar':
        return 3.5;
      case 'ebike':
        return this.powerCutOff ? 0 : 18 + (this.seed % 7);
    }
  }

  private arrive(nowMs: number): void {
    this.speed = 0;
    const r = this.random;
    switch (this.role) {
      case 'badge': {
        // at a door: into the building for a while; after that, off to another building
        if (this.indoors === undefined && this.destination !== undefined) {
          this.indoors = this.destination;
          this.stayUntil = nowMs + r.range(3, 12) * 60_000;
          return;
        }
        this.indoors = undefined;
        this.destination = r.int(0, DEMO_PARK.buildings.length - 1);
        this.target = DEMO_PARK.buildings[this.destination]!.door;
        return;
      }
      case 'collar':
        if (metresBetween(this.position, this.home) < 10) {
          // rest at home, then a walk to a point around the estate
          this.stayUntil = nowMs + r.range(10, 40) * 60_000;
          this.target = move(this.home, r.range(0, 360), r.range(150, 450));
        } else {
          this.target = this.home;
        }
        return;
      case 'ebike':
        this.stayUntil = nowMs + r.range(5, 25) * 60_000;
        this.target = move(this.position, r.range(0, 360), r.range(800, 3500));
        this.target = clamp(this.target, this.area);
        this.armed = r.chance(0.5);
        return;
    }
  }

  private fix(): SimFix {
    if (this.indoors !== undefined) {
      const building = DEMO_PARK.buildings[this.indoors]!;
      const cells = DEMO_PARK.cells.map((c) => ({ ...c.cell, rssi: -60 - Math.round(metresBetween(building.door, c.site) / 20) }));
      return this.random.chance(0.5)
        ? { kind: 'wifi', cells, wifi: building.wifi.map((w) => ({ mac: w.mac, rssi: -55 - this.random.int(0, 20) })) }
        : { kind: 'lbs', cells };
    }
    return {
      kind: 'gps', lon: this.position.lon, lat: this.position.lat, speed: Math.round(this.speed * 10) / 10,
      course: Math.round(this.course), satellites: 6 + (this.seed % 6),
    };
  }

  private readings(nowMs: number): HealthReadings {
    this.readingsAt = nowMs;
    const r = this.random;
    const walking = this.speed > 0;
    return {
      heartRate: Math.round((walking ? 92 : 72) + r.range(-8, 8)),
      systolic: Math.round(118 + r.range(-8, 10)),
      diastolic: Math.round(76 + r.range(-6, 6)),
      temperature: Math.round((36.5 + r.range(-0.3, 0.4)) * 10) / 10,
    };
  }
}

function clamp(p: Place, a: Area): Place {
  return { lon: Math.min(a.maxLon, Math.max(a.minLon, p.lon)), lat: Math.min(a.maxLat, Math.max(a.minLat, p.lat)) };
}

/** The area a device of `role` number `index` lives in. */
export function areaFor(role: DeviceRole, index: number): Area {
  switch (role) {
    case 'badge':
      return DEMO_PARK.area;
    case 'collar':
      return DEMO_ESTATES[index % DEMO_ESTATES.length]!;
    case 'ebike':
      return EBIKE_AREAS[index % EBIKE_AREAS.length]!;
  }
}
