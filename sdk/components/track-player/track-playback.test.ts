import { describe, expect, it } from 'vitest';
import { mergeTrackPoints, playbackLinkQuery, type TrackPoint } from '../../track';
import { BASE_RATE, TrackPlayback } from './track-playback';

const T0 = Date.parse('2026-05-01T08:00:00+08:00');
const iso = (ms: number) => `${new Date(ms + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;

function point(seconds: number, lon: number, lat: number, speed = 30, course = 90): TrackPoint {
  const t = T0 + seconds * 1000;
  return {
    terminalNo: '013800000001', plateNo: '京A00001', lon, lat, speed, course, altitude: 0, gpsTime: iso(t), receivedTime: iso(t),
    alarmFlags: 0, statusFlags: 3, acc: true, located: true, mileage: null,
  };
}

/** A frame loop driven by the test: `step(ms)` runs one frame `ms` after the previous. */
function manualFrames() {
  let pending: ((t: number) => void) | undefined;
  let now = 1000;
  return {
    request: (cb: (t: number) => void) => ((pending = cb), 1),
    cancel: () => (pending = undefined),
    step(ms: number) {
      now += ms;
      const cb = pending;
      pending = undefined;
      cb?.(now);
    },
    now: () => now,
    get waiting() {
      return pending !== undefined;
    },
  };
}

describe('TrackPlayback', () => {
  const points = [point(0, 116.0, 40.0), point(60, 116.1, 40.0, 40, 0), point(120, 116.1, 40.1, 50, 0)];

  it('interpolates the vehicle between positions by time', () => {
    const p = new TrackPlayback();
    p.setTrack({ points });
    expect(p.time).toBe(T0);
    p.seek(T0 + 30_000);
    const at = p.positionAt()!;
    expect(at.index).toBe(0);
    expect(at.lon).toBeCloseTo(116.05, 6);
    expect(at.lat).toBeCloseTo(40.0, 6);
    expect(at.speed).toBe(30);
    expect(at.course).toBe(90);
    p.seek(T0 + 90_000);
    expect(p.positionAt()).toMatchObject({ index: 1, course: 0 });
    expect(p.positionAt()!.lat).toBeCloseTo(40.05, 6);
    expect(p.progress).toBeCloseTo(0.75, 6);
  });

  it('plays on animation frames at the chosen rate and stops at the end', () => {
    const frames = manualFrames();
    const p = new TrackPlayback(frames.request, frames.cancel, frames.now);
    p.setTrack({ points });
    let moves = 0;
    p.subscribe(() => moves++);
    p.setRate(2);
    p.play();
    expect(p.playing).toBe(true);
    frames.step(16); // the first frame already moves
    expect(p.time - T0).toBe(16 * BASE_RATE * 2);
    frames.step(100);
    expect(p.time - T0).toBe(116 * BASE_RATE * 2);
    frames.step(1000); // capped: a stalled tab does not jump far
    expect(p.time - T0).toBe((116 + 250) * BASE_RATE * 2);
    for (let i = 0; i < 10 && p.playing; i++) frames.step(250);
    expect(p.playing).toBe(false);
    expect(p.time).toBe(T0 + 120_000);
    expect(frames.waiting).toBe(false);
    expect(moves).toBeGreaterThan(3);
    // play again from the end: starts over
    p.play();
    expect(p.time).toBe(T0);
  });

  it('keeps the cursor time when a refined track replaces the coarse one', () => {
    const p = new TrackPlayback();
    p.setTrack({ points: [points[0], points[2]] });
    p.seek(T0 + 60_000);
    expect(p.positionAt()!.lon).toBeCloseTo(116.05, 6); // halfway along the straight coarse line
    p.setTrack({ points: mergeTrackPoints([points[0], points[2]], [points[1]]) });
    expect(p.length).toBe(3);
    expect(p.time).toBe(T0 + 60_000);
    expect(p.positionAt()!.lon).toBeCloseTo(116.1, 6); // on the corner the refinement added
  });

  it('finds positions by time from either direction', () => {
    const many = Array.from({ length: 1000 }, (_, i) => point(i * 5, 116 + i * 0.001, 40));
    const p = new TrackPlayback();
    p.setTrack({ points: many });
    expect(p.indexAt(T0 + 4_999)).toBe(0);
    expect(p.indexAt(T0 + 5_000_000)).toBe(999);
    expect(p.indexAt(T0 + 4_000_000)).toBe(800);
    expect(p.indexAt(T0 + 2_500)).toBe(0);
    expect(p.indexAt(T0 + 2_500_000)).toBe(500);
    expect(p.indexAt(T0 + 5_000)).toBe(1);
    expect(p.indexAt(T0 - 1)).toBe(-1);
  });
});

describe('track helpers', () => {
  it('merges refined points into a track once each, in time order', () => {
    const a = [point(0, 1, 1), point(60, 2, 2), point(180, 4, 4)];
    const b = [point(60, 2, 2), point(120, 3, 3), point(240, 5, 5)];
    expect(mergeTrackPoints(a, b).map((p) => p.lon)).toEqual([1, 2, 3, 4, 5]);
  });

  it('links to today’s track in China time', () => {
    const now = Date.parse('2026-05-01T01:30:00Z'); // 09:30 in China
    expect(playbackLinkQuery('013800000001', undefined, now)).toEqual({
      terminalNo: '013800000001',
      start: '2026-05-01T00:00:00+08:00',
      end: '2026-05-01T09:30:00+08:00',
    });
  });
});
