import { describe, expect, it } from 'vitest';
import { trackWindow } from './alarm-time';

describe('track window', () => {
  it('spans ten minutes before the start to ten minutes after the end, or after now while the alarm lasts', () => {
    const ended = trackWindow({ startTime: '2026-03-01T10:00:00+08:00', endTime: '2026-03-01T10:30:00+08:00' });
    expect(ended).toEqual({ start: '2026-03-01T09:50:00+08:00', end: '2026-03-01T10:40:00+08:00' });
    const open = trackWindow({ startTime: '2026-03-01T02:00:00Z', endTime: null }, new Date('2026-03-01T11:00:00+08:00'));
    expect(open).toEqual({ start: '2026-03-01T09:50:00+08:00', end: '2026-03-01T11:10:00+08:00' });
  });
});
