/**
 * The clock and data of a track replay, outside React: positions in typed arrays, a cursor time
 * advanced on animation frames, and listeners told on every move. The map, the chart and the
 * progress controls subscribe and redraw themselves; nothing re-renders per frame. `playing` and
 * `rate` are MobX observables (they change on clicks, not frames).
 */
import { action, makeObservable, observable } from 'mobx';
import type { Disposable } from '../../services/message-bus';
import type { TrackAlarm, TrackPoint, TrackStop } from '../../track';

/** Replay speeds offered (1× = one minute of track per second). */
export const PLAYBACK_RATES = [1, 2, 4, 8, 16] as const;
/** Track milliseconds played per real millisecond at 1×. */
export const BASE_RATE = 60;

/** Where the vehicle is at the cursor (interpolated between the two positions around it). */
export interface PlaybackPosition {
  /** The position at or before the cursor. */
  index: number;
  /** 0..1 towards the next position. */
  fraction: number;
  lon: number;
  lat: number;
  course: number;
  speed: number;
  time: number;
}

export interface PlaybackTrack {
  points: readonly TrackPoint[];
  stops?: readonly TrackStop[];
  alarms?: readonly TrackAlarm[];
}

type Frame = (cb: (t: number) => void) => number;


export class TrackPlayback {
  /** Epoch ms, lon/lat WGS84, course degrees, speed km/h — one entry per position. */
  t = new Float64Array(0);
  lon = new Float64Array(0);
  lat = new Float64Array(0);
  course = new Float32Array(0);
  speed = new Float32Array(0);
  points: readonly TrackPoint[] = [];
  stops: readonly TrackStop[] = [];
  alarms: readonly TrackAlarm[] = [];
  /** Bumped whenever the positions change (layers re-project then). */
  version = 0;

  playing = false;
  rate: number = 4;

  private cursor = 0;
  private hint = 0;
  private frame = 0;
  private lastTick = 0;
  private readonly listeners = new Set<() => void>();
  private readonly dataListeners = new Set<() => void>();

  constructor(
    private readonly requestFrame: Frame = (cb) => requestAnimationFrame(cb),
    private readonly cancelFrame: (id: number) => void = (id) => cancelAnimationFrame(id),
    /** The frame clock (what animation-frame callbacks are given). */
    private readonly clock: () => number = () => performance.now(),
  ) {
    makeObservable(this, { playing: observable, rate: observable, play: action, pause: action, setRate: action, setTrack: action });
  }

  get length(): number {
    return this.t.length;
  }

  get startTime(): number {
    return this.t.length ? this.t[0] : 0;
  }

  get endTime(): number {
    return this.t.length ? this.t[this.t.length - 1] : 0;
  }

  /** The cursor, epoch ms. */
  get time(): number {
    return this.cursor;
  }

  /** 0..1 of the way through the track. */
  get progress(): number {
    const span = this.endTime - this.startTime;
    return span > 0 ? (this.cursor - this.startTime) / span : 0;
  }

  /**
   * Replaces the positions (a new query, or the same track refined): the cursor keeps its time,
   * clamped into the new range. Converting 100,000 points is one pass over typed arrays.
   */
  setTrack(track: PlaybackTrack): void {
    const n = track.points.length;
    const t = new Float64Array(n);
    const lon = new Float64Array(n);
    const lat = new Float64Array(n);
    const course = new Float32Array(n);
    const speed = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      const p = track.points[i];
      t[i] = Date.parse(p.gpsTime);
      lon[i] = p.lon;
      lat[i] = p.lat;
      course[i] = p.course;
      speed[i] = p.speed;
    }
    const first = this.t.length === 0;
    Object.assign(this, { t, lon, lat, course, speed, points: track.points, stops: track.stops ?? this.stops, alarms: track.alarms ?? this.alarms });
    this.version++;
    this.hint = 0;
    this.cursor = first || n === 0 ? (n ? t[0] : 0) : Math.min(Math.max(this.cursor, t[0]), t[n - 1]);
    if (n === 0) this.pause();
    for (const l of this.dataListeners) l();
    this.notify();
  }

  /** Starts (or resumes) the replay; at the end it starts over. */
  play(): void {
    if (this.playing || this.length < 2) return;
    if (this.cursor >= this.endTime) this.cursor = this.startTime;
    this.playing = true;
    // the first frame already moves: the clock starts now, not at the first frame
    this.lastTick = this.clock();
    this.frame = this.requestFrame(this.tick);
  }

  pause(): void {
    this.playing = false;
    if (this.frame) this.cancelFrame(this.frame);
    this.frame = 0;
  }

  setRate(rate: number): void {
    this.rate = rate;
  }

  /** Moves the cursor to a time (clamped to the track). */
  seek(time: number): void {
    if (!this.length) return;
    this.cursor = Math.min(Math.max(time, this.startTime), this.endTime);
    this.notify();
  }

  /** Moves the cursor to 0..1 of the track. */
  seekProgress(fraction: number): void {
    this.seek(this.startTime + (this.endTime - this.startTime) * Math.min(1, Math.max(0, fraction)));
  }

  /** Advances the cursor by `elapsedMs` of real time at the current rate (the frame loop's step). */
  advance(elapsedMs: number): void {
    const next = this.cursor + elapsedMs * BASE_RATE * this.rate;
    this.cursor = Math.min(next, this.endTime);
    if (this.cursor >= this.endTime) this.pause();
    this.notify();
  }

  /** Called on every cursor move (each animation frame while playing). */
  subscribe(listener: () => void): Disposable {
    this.listeners.add(listener);
    return { dispose: () => void this.listeners.delete(listener) };
  }

  /** Called when the positions change. */
  onTrackChange(listener: () => void): Disposable {
    this.dataListeners.add(listener);
    return { dispose: () => void this.dataListeners.delete(listener) };
  }

  /** Index of the last position at or before `time` (-1 before the first). */
  indexAt(time: number): number {
    const t = this.t;
    const n = t.length;
    if (!n || time < t[0]) return -1;
    // playing moves forward a little each frame: look near the last answer first
    let h = Math.min(this.hint, n - 1);
    if (t[h] <= time && (h === n - 1 || t[h + 1] > time)) return h;
    if (h + 1 < n && t[h + 1] <= time && (h + 1 === n - 1 || t[h + 2] > time)) return (this.hint = h + 1);
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (t[mid] <= time) lo = mid;
      else hi = mid - 1;
    }
    h = lo;
    this.hint = h;
    return h;
  }

  /** The interpolated position at the cursor (or at `time`). */
  positionAt(time: number = this.cursor): PlaybackPosition | undefined {
    const n = this.length;
    if (!n) return undefined;
    const i = Math.max(0, this.indexAt(time));
    if (i >= n - 1) return { index: n - 1, fraction: 0, lon: this.lon[n - 1], lat: this.lat[n - 1], course: this.course[n - 1], speed: this.speed[n - 1], time };
    const span = this.t[i + 1] - this.t[i];
    const f = span > 0 ? Math.min(1, Math.max(0, (time - this.t[i]) / span)) : 0;
    return {
      index: i,
      fraction: f,
      lon: this.lon[i] + (this.lon[i + 1] - this.lon[i]) * f,
      lat: this.lat[i] + (this.lat[i + 1] - this.lat[i]) * f,
      // the heading and speed of the position being left: turns happen at positions, and a
      // simplified track keeps where the speed changed (stops), not the slopes in between
      course: this.course[i],
      speed: this.speed[i],
      time,
    };
  }

  dispose(): void {
    this.pause();
    this.listeners.clear();
    this.dataListeners.clear();
  }

  private readonly tick = (now: number) => {
    this.frame = 0;
    if (!this.playing) return;
    const elapsed = Math.max(0, Math.min(now - this.lastTick, 250));
    this.lastTick = now;
    this.advance(elapsed);
    if (this.playing) this.frame = this.requestFrame(this.tick);
  };

  private notify(): void {
    for (const l of this.listeners) l();
  }
}
