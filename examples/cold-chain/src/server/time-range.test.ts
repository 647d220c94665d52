import { describe, expect, it } from 'vitest';
import { chinaTime, parseTime } from './time-range';

describe('times of the pages', () => {
  it('read China time without a zone and ISO with one', () => {
    expect(parseTime('2026-11-27 08:30:00')?.toISOString()).toBe('2026-11-27T00:30:00.000Z');
    expect(parseTime('2026-11-27')?.toISOString()).toBe('2026-11-26T16:00:00.000Z');
    expect(parseTime('2026-11-27T00:30:00Z')?.toISOString()).toBe('2026-11-27T00:30:00.000Z');
  });

  it('refuse what is not a time', () => {
    for (const bad of ['', 'yesterday', '2026-02-30 00:00:00', 12, undefined]) expect(parseTime(bad)).toBeUndefined();
  });

  it('write China time', () => {
    expect(chinaTime(new Date('2026-11-26T16:00:05Z'))).toBe('2026-11-27 00:00:05');
  });
});
