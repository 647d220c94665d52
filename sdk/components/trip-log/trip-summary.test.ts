import { describe, expect, it } from 'vitest';
import { daysBetween, weekSummary } from './trip-summary';

const NOW = Date.parse('2026-11-25T04:00:00Z'); // 12:00 in China

describe('trip totals per day and per week', () => {
  it('fills the days without trips and sums today and the last seven days', () => {
    const answer = {
      days: [
        { day: '2026-11-19', count: 1, distance: 1.5, seconds: 1200 },
        { day: '2026-11-23', count: 2, distance: 3.25, seconds: 2400 },
        { day: '2026-11-25', count: 1, distance: 2, seconds: 1500 },
      ],
    };
    const s = weekSummary(answer, NOW);
    expect(s.days.map((d) => d.day)).toEqual(['2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25']);
    expect(s.days.map((d) => d.distance)).toEqual([1.5, 0, 0, 0, 3.25, 0, 2]);
    expect(s.today).toEqual({ count: 1, distance: 2, seconds: 1500 });
    expect(s.week).toEqual({ count: 4, distance: 6.75, seconds: 5100 });
    expect(s.dailyDistance).toBe(0.96);
  });

  it('has one zero day for a day without walks', () => {
    expect(daysBetween({ days: [] }, '2026-11-24', '2026-11-24')).toEqual([{ day: '2026-11-24', count: 0, distance: 0, seconds: 0 }]);
  });
});
