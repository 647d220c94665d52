import { describe, expect, it } from 'vitest';
import { attendanceOfDay, isoWeekday, staysAtAreas, type TimedPoint } from './attendance-day';

// a work area of 200 m around the gate; "out" is about 1.1 km east of it
const AREA = { center: [116.4, 39.9] as [number, number], radius: 200 };
const IN = { lon: 116.4005, lat: 39.9002 };
const OUT = { lon: 116.413, lat: 39.9 };
const SHIFT = { startMinute: 9 * 60, endMinute: 18 * 60, graceMinutes: 5, weekdays: [1, 2, 3, 4, 5] };
const DAY = '2026-06-01';
const LATER = new Date('2026-06-02T12:00:00+08:00');

/** One report every `stepMin` minutes from `from` to `to` (China time HH:MM, both included) at `where`. */
function reports(from: string, to: string, where: { lon: number; lat: number }, stepMin = 10): TimedPoint[] {
  const out: TimedPoint[] = [];
  for (let t = Date.parse(`${DAY}T${from}:00+08:00`); t <= Date.parse(`${DAY}T${to}:00+08:00`); t += stepMin * 60_000) out.push({ time: new Date(t), ...where });
  return out;
}

describe('attendanceOfDay', () => {
  it('a badge outside its work area until after start + grace is 迟到 by the minutes since start', () => {
    const points = [...reports('07:00', '09:10', OUT), ...reports('09:17', '18:07', IN, 10)];
    const day = attendanceOfDay(points, AREA, SHIFT, DAY, LATER);
    expect(day.status).toBe('迟到');
    expect(day.arrival).toEqual(new Date('2026-06-01T09:17:00+08:00'));
    expect(day.departure).toEqual(new Date('2026-06-01T18:07:00+08:00'));
    expect(day.lateMinutes).toBe(17);
    expect(day.earlyMinutes).toBe(0);
    // 09:17 → 18:07 inside throughout: 8 h 50 min
    expect(day.onSiteSeconds).toBe((8 * 60 + 50) * 60);
  });

  it('an arrival within the grace minutes is on time', () => {
    const day = attendanceOfDay(reports('09:04', '18:00', IN, 4), AREA, SHIFT, DAY, LATER);
    expect(day).toMatchObject({ status: '正常', lateMinutes: 0, earlyMinutes: 0, absent: false });
  });

  it('leaving before end − grace is 早退; time away at lunch does not count as hours on site', () => {
    const points = [...reports('08:50', '12:00', IN), ...reports('12:10', '12:50', OUT), ...reports('13:00', '16:30', IN), ...reports('16:40', '19:00', OUT)];
    const day = attendanceOfDay(points, AREA, SHIFT, DAY, LATER);
    expect(day.status).toBe('早退');
    expect(day.departure).toEqual(new Date('2026-06-01T16:30:00+08:00'));
    expect(day.earlyMinutes).toBe(90);
    // 08:50–12:00 (190 min) and 13:00–16:30 (210 min)
    expect(day.onSiteSeconds).toBe(400 * 60);
  });

  it('late and early together', () => {
    const day = attendanceOfDay(reports('10:00', '17:00', IN), AREA, SHIFT, DAY, LATER);
    expect(day).toMatchObject({ status: '迟到早退', lateMinutes: 60, earlyMinutes: 60, onSiteSeconds: 7 * 3600 });
  });

  it('never inside the area is 缺勤; positions of other days do not count', () => {
    const elsewhere = reports('08:00', '18:00', OUT);
    const yesterday = [{ time: new Date('2026-05-31T10:00:00+08:00'), ...IN }];
    const day = attendanceOfDay([...yesterday, ...elsewhere], AREA, SHIFT, DAY, LATER);
    expect(day).toMatchObject({ status: '缺勤', absent: true, arrival: null, departure: null, onSiteSeconds: 0 });
  });

  it('before the shift ends a day is neither absent nor early', () => {
    const now = new Date('2026-06-01T15:00:00+08:00');
    expect(attendanceOfDay([], AREA, SHIFT, DAY, now)).toMatchObject({ status: '未结束', absent: false });
    expect(attendanceOfDay(reports('08:55', '14:50', IN), AREA, SHIFT, DAY, now)).toMatchObject({ status: '未结束', earlyMinutes: 0 });
  });

  it('reads weekdays as ISO (Monday 1, Sunday 7)', () => {
    expect(isoWeekday('2026-06-01')).toBe(1);
    expect(isoWeekday('2026-06-07')).toBe(7);
  });
});

describe('staysAtAreas', () => {
  it('marks each run of positions inside a work area, from its first to its last position', () => {
    // a second area, the canteen, around the "out" spot
    const canteen = { id: 2, center: [OUT.lon, OUT.lat] as [number, number], radius: 100 };
    const points = [...reports('08:00', '08:30', OUT), ...reports('08:40', '12:00', IN), ...reports('12:10', '12:50', OUT), ...reports('13:00', '17:00', IN)];
    expect(staysAtAreas(points, [{ id: 1, ...AREA }, canteen]).map((s) => [s.areaId, s.start.toISOString(), s.seconds])).toEqual([
      [2, '2026-06-01T00:00:00.000Z', 30 * 60],
      [1, '2026-06-01T00:40:00.000Z', 200 * 60],
      [2, '2026-06-01T04:10:00.000Z', 40 * 60],
      [1, '2026-06-01T05:00:00.000Z', 240 * 60],
    ]);
    expect(staysAtAreas(points, [])).toEqual([]);
  });
});
