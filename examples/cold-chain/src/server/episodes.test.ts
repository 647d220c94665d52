import { describe, expect, it } from 'vitest';
import { EpisodeTracker } from './episodes';

describe('over-temperature episodes', () => {
  it('raise once when readings go outside the limits and end once when they come back', () => {
    const t = new EpisodeTracker();
    const steps = [false, true, true, true, false, false, true, true, false].map((over) => t.next(7, over));
    expect(steps).toEqual(['end', 'raise', undefined, undefined, 'end', undefined, 'raise', undefined, 'end']);
  });

  it('keep each terminal’s episode apart', () => {
    const t = new EpisodeTracker();
    expect(t.next(1, true)).toBe('raise');
    expect(t.next(2, true)).toBe('raise');
    expect(t.next(1, true)).toBeUndefined();
    expect(t.next(2, false)).toBe('end');
    expect(t.next(1, false)).toBe('end');
  });

  it('try again after a terminal is forgotten', () => {
    const t = new EpisodeTracker();
    expect(t.next(1, true)).toBe('raise');
    t.forget(1);
    expect(t.next(1, true)).toBe('raise');
  });
});
