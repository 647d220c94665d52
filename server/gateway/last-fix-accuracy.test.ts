import { describe, expect, it } from 'vitest';
import { LAST_FIX_CAP_M, LAST_FIX_FLOOR_M, lastFixAccuracy } from './last-fix-accuracy';

const T0 = new Date('2026-05-01T02:00:00Z');
const after = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

describe('the radius of a position placed at the last known fix', () => {
  it('starts at the floor after a GPS fix and grows a metre a second up to the cap', () => {
    expect(lastFixAccuracy(undefined, T0, T0)).toBe(LAST_FIX_FLOOR_M);
    expect(lastFixAccuracy(undefined, T0, after(600))).toBe(LAST_FIX_FLOOR_M + 600);
    expect(lastFixAccuracy(undefined, T0, after(24 * 3600))).toBe(LAST_FIX_CAP_M);
  });

  it('grows from an approximate fix’s own radius, and never shrinks one wider than the cap', () => {
    expect(lastFixAccuracy(800, T0, after(60))).toBe(860);
    expect(lastFixAccuracy(8000, T0, after(60))).toBe(8000);
  });

  it('gives a chain of such positions the radius measured from the original fix', () => {
    const first = lastFixAccuracy(undefined, T0, after(30));
    expect(lastFixAccuracy(first, after(30), after(90))).toBe(lastFixAccuracy(undefined, T0, after(90)));
  });

  it('does not shrink below the fix’s radius when the report is dated before it', () => {
    expect(lastFixAccuracy(300, T0, after(-20))).toBe(300);
  });
});
