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
  /** E-bikes: chance per second that a parked one is bumped (a passer-by, a neighbour parking). Default EBIKE_BUMPS_PER_SECOND. */
  bumpsPerSecond?: number;
  /** E-bikes: chance per second that a parked, armed one is stolen (shaken, then taken away armed). Default EBIKE_THEFTS_PER_SECOND. */
  theftsPerSecond?: number;
  /** E-bikes: a staged start, so a demo shows the guard at work at once: armed where it stands, bumped or stolen `afterSec` after its first report. */
  opening?: { kind: 'bump' | 'theft'; afterSec: number };
}

/**
 * A parked e-bike is bumped about once every 2⅓ hours (0.43 an hour): the demo's 40 e-bikes, about
 * 28 of them parked at a time, half of those armed, see some 12 bumps an hour, most too short or too
 * light to be an alarm — a few 震动告警 an hour across the fleet (server/sim/devices/ebike-guard-rates.test.ts).
 */
export const EBIKE_BUMPS_PER_SECOND = 1 / 8400;
/** A parked, armed e-bike is stolen about once in 40 hours: one theft (位移告警) every few hours across the demo fleet. */
export const EBIKE_THEFTS_PER_SECOND = 1 / 150_000;
/** How strong a jolt (0–1) the guard reports as a vibration at each 震动灵敏度 (1 低, 2 中, 3 高). */
const JOLT_THRESHOLD: Record<1 | 2 | 3, number> = { 1: 0.6, 2: 0.35, 3: 0.1 };

const EARTH = 6_371_000;

/** The voltage of a pack at `percent` charge: 87.5 % of nominal empty, 110 % full (sdk batteryPercentFromVoltage read backwards). */
function volts(percent: number, nominal: number): number {
  return Math.round((nominal * 0.875 + (percent / 100) * nominal * 0.225) * 100) / 100;
}
// badges measure heart rate, blood pressure, SpO₂ and temperature every ten minutes
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
 * their housing estate and rest at home, e-bikes ride short urban trips and park, some armed, feel
 * a bump now and then where they are parked and, rarely, are stolen.
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
  private readonly bumpsPerSecond: number;
  private readonly theftsPerSecond: number;
  private opening: MotionOptions['opening'];
  private firstMs: number | undefined;
  /** E-bikes: the jolt being felt (strength 0–1) and until when. */
  private jolt = 0;
  private joltUntil = 0;
  /** E-bikes: being taken away by a thief (still armed). */
  private stolen = false;
  private sensitivity: 1 | 2 | 3 = 2;

  constructor(readonly role: DeviceRole, readonly seed: number, private readonly area: Area, options: MotionOptions = {}) {
    this.random = new SeededRandom(seed);
    this.home = randomIn(area, this.random);
    this.position = this.home;
    this.target = this.home;
    this.battery = this.random.int(45, 100);
    this.sosPerSecond = options.sosPerSecond ?? 1 / 7200;
    this.drainPerMinute = options.drainPerMinute;
    this.nominalVolts = options.nominalVolts;
    this.bumpsPerSecond = options.bumpsPerSecond ?? EBIKE_BUMPS_PER_SECOND;
    this.theftsPerSecond = options.theftsPerSecond ?? EBIKE_THEFTS_PER_SECOND;
    this.opening = options.opening;
  }

  /** The guard's 震动灵敏度 as the platform set it (1 低, 2 中, 3 高): lighter jolts go unreported at lower levels. */
  setVibrationSensitivity(level: 1 | 2 | 3): void {
    this.sensitivity = level;
  }

  get vibrationSensitivity(): 1 | 2 | 3 {
    return this.sensitivity;
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
    if (this.role === 'ebike' && this.shaking(nowMs, seconds)) alarms.push('vibration');
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

  /**
   * Whether an e-bike's guard reports a vibration now. Parked, it is bumped now and then, armed or
   * not (the guard tells either way; the platform alarms only while armed), for 10–60 s, a jolt its
   * sensitivity may find too light; rarely an armed one is stolen: shaken, then taken away still
   * armed. One moving while armed shakes all the way.
   */
  private shaking(nowMs: number, seconds: number): boolean {
    if (this.speed === 0 && nowMs < this.stayUntil) {
      this.firstMs ??= nowMs;
      const opening = this.opening;
      if (opening && nowMs - this.firstMs >= opening.afterSec * 1000) {
        this.opening = undefined;
        if (opening.kind === 'theft') this.steal(nowMs);
        else this.bump(nowMs, 40, 1);
      } else if (this.armed && this.random.chance(this.theftsPerSecond * seconds)) {
        this.steal(nowMs);
      } else if (this.random.chance(this.bumpsPerSecond * seconds)) {
        this.bump(nowMs, this.random.range(10, 60), this.random.next());
      }
    }
    if (this.speed > 0) return this.armed;
    return nowMs < this.joltUntil && this.jolt >= JOLT_THRESHOLD[this.sensitivity];
  }

  private bump(nowMs: number, seconds: number, strength: number): void {
    this.jolt = strength;
    this.joltUntil = nowMs + seconds * 1000;
  }

  /** Shaken for 20–40 s, then pushed off 150–400 m, armed all the way. */
  private steal(nowMs: number): void {
    const shakeSeconds = this.random.range(20, 40);
    this.bump(nowMs, shakeSeconds, 1);
    this.stolen = true;
    this.stayUntil = nowMs + shakeSeconds * 1000;
    this.target = clamp(move(this.position, this.random.range(0, 360), this.random.range(150, 400)), this.area);
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
    // the owner disarms before riding off; a thief cannot
    if (this.role === 'ebike' && this.speed === 0 && !this.stolen) this.armed = false;
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
        if (this.powerCutOff) return 0;
        // pushed or ridden off by a thief, or ridden by its owner
        return this.stolen ? 8 + (this.seed % 5) : 18 + (this.seed % 7);
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
        if (this.stolen) {
          // left where the thief gave up, still armed, until its owner finds it
          this.stolen = false;
          this.stayUntil = nowMs + r.range(20, 60) * 60_000;
          return;
        }
        this.armed = r.chance(0.5);
        if (this.opening) {
          this.armed = true;
          this.stayUntil = Math.max(this.stayUntil, nowMs + (this.opening.afterSec + 600) * 1000);
        }
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
    const heartRate = Math.round((walking ? 92 : 72) + r.range(-8, 8));
    return {
      heartRate,
      systolic: Math.round(118 + r.range(-8, 10)),
      diastolic: Math.round(76 + r.range(-6, 6)),
      temperature: Math.round((36.5 + r.range(-0.3, 0.4)) * 10) / 10,
      // 95–98 %, following the pulse: no extra draw, so every other seeded figure stays as it was
      spo2: 95 + (heartRate % 4),
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
