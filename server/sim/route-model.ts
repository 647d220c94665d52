import { ROAD_LIMIT_KMH, type RoadGrid, type RoadNode, bearingDegrees, roadGridFor, segmentMetres } from './road-grid';
import { SeededRandom } from './seeded-random';
import type { SimCity } from './sim-cities';

/** Alarm bits the model raises (JT/T 808 table 24). */
export const SimAlarmBit = { Sos: 1 << 0, Overspeed: 1 << 1 } as const;

/** Status bits the model sets (JT/T 808 table 25). */
export const SimStatusBit = {
  Acc: 1 << 0, Fixed: 1 << 1, OilCut: 1 << 10, CircuitCut: 1 << 11, DoorLocked: 1 << 12, Gps: 1 << 18, BeiDou: 1 << 19,
} as const;

/** Overspeed threshold, km/h (alarm bit 1 above it). */
export const OVERSPEED_KMH = 100;

/** A position as the terminal reports it. WGS84 degrees. */
export interface SimPosition {
  timeMs: number;
  lat: number;
  lon: number;
  altitude: number;
  speedKmh: number;
  direction: number;
  accOn: boolean;
  alarmFlags: number;
  statusFlags: number;
  /** Odometer, km (0x01 is sent in 0.1 km). */
  mileageKm: number;
  fuelLitres: number;
  satellites: number;
  /** Wireless signal strength 0–31. */
  signalStrength: number;
}

/** Tuning of {@link RouteModel}; the defaults give a believable demo. */
export interface RouteModelOptions {
  /** Chance per second that a driving vehicle raises SOS. */
  sosPerSecond?: number;
  /** Reports an SOS stays raised. */
  sosReports?: number;
  /** Chance per second of entering a signal blind area. */
  signalLossPerSecond?: number;
  /** Blind-area duration range, seconds. */
  signalLossSeconds?: readonly [number, number];
  /** Parking (ACC off) duration range at a destination, seconds. */
  parkSeconds?: readonly [number, number];
  /** Chance that an intersection shows red. */
  redLightChance?: number;
}

type Phase = 'driving' | 'light' | 'parked';

const DEFAULTS: Required<RouteModelOptions> = {
  sosPerSecond: 1 / 14_400,
  sosReports: 3,
  signalLossPerSecond: 1 / 5_400,
  signalLossSeconds: [60, 300],
  parkSeconds: [120, 900],
  redLightChance: 0.3,
};

const TURN_SPEED = 20 / 3.6;
const BRAKE = 3;

/**
 * One vehicle driving a city's road grid: it picks destinations, routes intersection by
 * intersection (turning towards the goal, preferring to go straight), accelerates and brakes,
 * waits at red lights with the engine on and parks at destinations with ACC off. It also
 * produces the odd overspeed, SOS and signal blind area. Time is whatever the caller passes to
 * {@link advanceTo}, so a seed and the same time steps reproduce the same drive exactly.
 */
export class RouteModel {
  private readonly rng: SeededRandom;
  private readonly grid: RoadGrid;
  private readonly opts: Required<RouteModelOptions>;
  private timeMs: number;
  private phase: Phase = 'driving';
  private phaseUntil = 0;
  private from: RoadNode;
  private to: RoadNode;
  private next: RoadNode | undefined;
  private dest: RoadNode;
  private edgeLen = 1;
  private progress = 0;
  private redAhead = false;
  private speed = 0;
  private cruise = 0;
  private accel: number;
  private odometerM: number;
  private fuel: number;
  private readonly tankLitres: number;
  private readonly litresPerKm: number;
  private satellites: number;
  private signal: number;
  private sosReportsLeft = 0;
  private signalLostUntil = 0;

  constructor(readonly city: SimCity, seed: number, startMs: number, options: RouteModelOptions = {}) {
    this.opts = { ...DEFAULTS, ...options };
    this.rng = new SeededRandom(seed);
    this.grid = roadGridFor(city);
    this.timeMs = startMs;
    this.accel = this.rng.range(1.2, 2.6);
    this.odometerM = this.rng.range(2_000, 180_000) * 1000;
    this.tankLitres = this.rng.pick([45, 55, 60, 80]);
    this.fuel = this.tankLitres * this.rng.range(0.3, 0.95);
    this.litresPerKm = this.rng.range(0.07, 0.13);
    this.satellites = this.rng.int(8, 16);
    this.signal = this.rng.int(14, 28);
    this.from = this.grid.nodeAt(this.rng.int(0, this.grid.size - 1));
    this.dest = this.pickDestination();
    this.to = this.stepTowards(this.from, this.dest, undefined);
    this.enterEdge();
    if (this.rng.chance(0.25)) this.park(this.rng.range(0, 300));
  }

  /** The model's current time, epoch ms. */
  get now(): number {
    return this.timeMs;
  }

  /** True while the vehicle is in a blind area (no network; reports must be buffered). */
  get signalLost(): boolean {
    return this.timeMs < this.signalLostUntil;
  }

  /** True while parked with the engine off. */
  get parked(): boolean {
    return this.phase === 'parked';
  }

  /** Starts a blind area now, lasting `seconds` (tests and demos). */
  loseSignal(seconds: number): void {
    this.signalLostUntil = Math.max(this.signalLostUntil, this.timeMs + seconds * 1000);
  }

  /** Raises SOS now; it clears after the configured number of reports. */
  raiseSos(): void {
    this.sosReportsLeft = this.opts.sosReports;
  }

  /** Moves the simulation forward to `timeMs` in steps of at most one second. */
  advanceTo(timeMs: number): void {
    while (this.timeMs < timeMs) {
      const dt = Math.min(1000, timeMs - this.timeMs);
      this.timeMs += dt;
      this.step(dt / 1000);
    }
  }

  /** The position as of now, without counting it as a report. */
  peek(): SimPosition {
    const f = Math.min(1, this.progress / this.edgeLen);
    const speedKmh = Math.round(this.speed * 36) / 10;
    const accOn = this.phase !== 'parked';
    let alarm = 0;
    if (this.sosReportsLeft > 0) alarm |= SimAlarmBit.Sos;
    if (speedKmh > OVERSPEED_KMH) alarm |= SimAlarmBit.Overspeed;
    return {
      timeMs: this.timeMs,
      lat: round6(this.from.lat + (this.to.lat - this.from.lat) * f),
      lon: round6(this.from.lon + (this.to.lon - this.from.lon) * f),
      altitude: Math.max(0, Math.round(this.city.altitude + 6 * Math.sin(this.odometerM / 1700))),
      speedKmh,
      direction: bearingDegrees(this.from, this.to),
      accOn,
      alarmFlags: alarm,
      statusFlags: (accOn ? SimStatusBit.Acc : 0) | SimStatusBit.Fixed | SimStatusBit.Gps | SimStatusBit.BeiDou,
      mileageKm: Math.floor(this.odometerM / 100) / 10,
      fuelLitres: Math.round(this.fuel * 10) / 10,
      satellites: this.satellites,
      signalStrength: this.signalLost ? 0 : this.signal,
    };
  }

  /** The position to send in a periodic report; counts down a raised SOS. */
  report(): SimPosition {
    const p = this.peek();
    if (this.sosReportsLeft > 0) this.sosReportsLeft--;
    return p;
  }

  private step(dt: number): void {
    this.wander(dt);
    if (this.phase === 'parked') {
      if (this.timeMs >= this.phaseUntil) this.depart();
      return;
    }
    this.fuel = Math.max(0, this.fuel - (0.8 / 3600) * dt); // idling
    if (this.phase === 'light') {
      if (this.timeMs >= this.phaseUntil) this.phase = 'driving';
      return;
    }
    if (this.sosReportsLeft === 0 && this.rng.chance(this.opts.sosPerSecond * dt)) this.raiseSos();
    this.drive(dt);
  }

  private drive(dt: number): void {
    const remaining = this.edgeLen - this.progress;
    let desired = this.cruise;
    if (this.to === this.dest || this.redAhead) desired = Math.min(desired, Math.max(1.5, Math.sqrt(2 * BRAKE * remaining)));
    else if (this.next && !straight(this.from, this.to, this.next)) {
      desired = Math.min(desired, Math.sqrt(TURN_SPEED ** 2 + 2 * BRAKE * remaining));
    }
    const before = this.speed;
    this.speed = desired > before ? Math.min(desired, before + this.accel * dt) : Math.max(desired, before - 2 * BRAKE * dt);
    let moved = ((before + this.speed) / 2) * dt;
    this.odometerM += moved;
    this.fuel = Math.max(0, this.fuel - (moved / 1000) * this.litresPerKm);
    this.progress += moved;
    while (this.progress >= this.edgeLen) {
      moved = this.progress - this.edgeLen;
      const arrived = this.to;
      if (arrived === this.dest) {
        this.progress = this.edgeLen;
        this.speed = 0;
        this.park(this.rng.range(...this.opts.parkSeconds));
        return;
      }
      const red = this.redAhead;
      this.from = arrived;
      this.to = this.next ?? this.stepTowards(arrived, this.dest, undefined);
      this.enterEdge();
      if (red) {
        this.speed = 0;
        this.phase = 'light';
        this.phaseUntil = this.timeMs + this.rng.range(15, 75) * 1000;
        return;
      }
      this.progress = moved;
    }
  }

  private enterEdge(): void {
    this.edgeLen = Math.max(1, segmentMetres(this.from, this.to));
    this.progress = 0;
    this.next = this.to === this.dest ? undefined : this.stepTowards(this.to, this.dest, this.from);
    this.redAhead = this.to !== this.dest && this.rng.chance(this.opts.redLightChance);
    const limit = ROAD_LIMIT_KMH[this.grid.roadClass(this.from, this.to)];
    // now and then a driver pushes well past the limit (overspeed alarms on fast roads)
    const factor = this.rng.chance(0.07) ? this.rng.range(1.05, 1.22) : this.rng.range(0.7, 0.98);
    this.cruise = (limit * factor) / 3.6;
  }

  private park(seconds: number): void {
    this.phase = 'parked';
    this.phaseUntil = this.timeMs + seconds * 1000;
    this.speed = 0;
    if (this.fuel < this.tankLitres * 0.15) this.fuel = this.tankLitres * this.rng.range(0.85, 1); // refuelled
  }

  private depart(): void {
    this.phase = 'driving';
    // parked at a destination means at the end of the street; parked from the start, at its beginning
    if (this.progress >= this.edgeLen) this.from = this.to;
    this.dest = this.pickDestination();
    this.to = this.stepTowards(this.from, this.dest, undefined);
    this.enterEdge();
  }

  private pickDestination(): RoadNode {
    for (;;) {
      const n = this.grid.nodeAt(this.rng.int(0, this.grid.size - 1));
      if (Math.abs(n.row - this.from.row) + Math.abs(n.col - this.from.col) >= 3) return n;
    }
  }

  /** Next intersection on the way from `at` to `goal`: closer to the goal, usually straight on. */
  private stepTowards(at: RoadNode, goal: RoadNode, came: RoadNode | undefined): RoadNode {
    const options = this.grid.neighbours(at).filter(
      (n) => Math.abs(n.row - goal.row) + Math.abs(n.col - goal.col) < Math.abs(at.row - goal.row) + Math.abs(at.col - goal.col),
    );
    if (options.length === 0) return this.rng.pick(this.grid.neighbours(at));
    if (came && options.length > 1 && this.rng.chance(0.7)) {
      const ahead = options.find((n) => straight(came, at, n));
      if (ahead) return ahead;
    }
    return this.rng.pick(options);
  }

  private wander(dt: number): void {
    if (this.rng.chance(0.1 * dt)) this.satellites = clamp(this.satellites + this.rng.int(-2, 2), 5, 22);
    if (this.rng.chance(0.1 * dt)) this.signal = clamp(this.signal + this.rng.int(-3, 3), 8, 31);
    if (!this.signalLost && this.phase === 'driving' && this.rng.chance(this.opts.signalLossPerSecond * dt)) {
      this.loseSignal(this.rng.range(...this.opts.signalLossSeconds));
    }
  }
}

function straight(a: RoadNode, b: RoadNode, c: RoadNode): boolean {
  return (a.row === b.row && b.row === c.row) || (a.col === b.col && b.col === c.col);
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}

function round6(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}
