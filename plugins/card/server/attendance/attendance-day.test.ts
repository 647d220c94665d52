import { describe, expect, it } from 'vitest';
import { attendanceOfDay, isoWeekday, shiftWindow, staysAtAreas, type TimedPoint } from './attendance-day';
import { tenantCalendar, worksOn } from './holiday-calendar';
import { officialHolidays } from './official-holidays';

// a work area of 200 m around the gate; "out" is about 1.1 km east of it
const AREA = { center: [116.4, 39.9] as [number, number], radius: 200 };
const IN = { lon: 116.4005, lat: 39.9002 };
const OUT = { lon: 116.413, lat: 39.9 };
const SHIFT = { startMinute: 9 * 60, endMinute: 18 * 60, graceMinutes: 5, weekdays: [1, 2, 3, 4, 5] };
const DAY = '2026-06-01';
const LATER = new Date('2026-06-02T12:00:00+08:00');

/** One report every `stepMin` minutes from `from` to `to` (China time HH:MM, both included) at `where`. */
function reports(from: string, to: string, where: { lon: number; lat: number }, stepMin = 10, day = DAY): TimedPoint[] {
  const out: TimedPoint[] = [];
  for (let t = Date.parse(`${day}T${from}:00+08:00`); t <= Date.parse(`${day}T${to}:00+08:00`); t += stepMin * 60_000) out.push({ time: new Date(t), ...where });
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

  it('a leave day is 请假, never 缺勤, late or early', () => {
    expect(attendanceOfDay([], AREA, SHIFT, DAY, LATER, { leave: '病假' })).toMatchObject({ status: '请假', leave: '病假', absent: false, lateMinutes: 0 });
    expect(attendanceOfDay(reports('10:00', '12:00', IN), AREA, SHIFT, DAY, LATER, { leave: '事假' })).toMatchObject({ status: '请假', lateMinutes: 0, earlyMinutes: 0 });
  });

  it('a 补卡 counts as a punch inside the area: a forgotten morning punch is no longer late, a missing day no longer absent', () => {
    // arrived 09:40 by positions; 补卡 at 08:58 → on time, hours on site still from positions (09:40–18:00)
    const late = attendanceOfDay(reports('09:40', '18:00', IN), AREA, SHIFT, DAY, LATER, { punches: [8 * 60 + 58] });
    expect(late).toMatchObject({ status: '正常', lateMinutes: 0, corrected: true, arrival: new Date('2026-06-01T08:58:00+08:00'), onSiteSeconds: (8 * 60 + 20) * 60 });
    // no position at all (badge left at home): 补卡 in 09:00 and out 18:00
    expect(attendanceOfDay([], AREA, SHIFT, DAY, LATER, { punches: [9 * 60, 18 * 60] })).toMatchObject({ status: '正常', absent: false, corrected: true });
    // only the in punch: present, but left (as far as anyone knows) at 09:00 → 早退 540 min
    expect(attendanceOfDay([], AREA, SHIFT, DAY, LATER, { punches: [9 * 60] })).toMatchObject({ status: '早退', earlyMinutes: 540 });
  });

  it('a night shift 22:00–06:00 belongs to its start day: punches after midnight count for that day', () => {
    const NIGHT = { startMinute: 22 * 60, endMinute: 6 * 60, graceMinutes: 5, weekdays: [1, 2, 3, 4, 5, 6, 7] };
    // window of 06-01: 14:00 that day to 14:00 the next (8 h shift, 16 h gap split in two)
    expect(shiftWindow(NIGHT, DAY)).toEqual({
      start: Date.parse('2026-06-01T22:00:00+08:00'), end: Date.parse('2026-06-02T06:00:00+08:00'),
      from: Date.parse('2026-06-01T14:00:00+08:00'), to: Date.parse('2026-06-02T14:00:00+08:00'),
    });
    const points = [...reports('21:50', '23:50', IN), ...reports('00:00', '05:20', IN, 10, '2026-06-02'), ...reports('05:30', '08:00', OUT, 10, '2026-06-02')];
    const night = attendanceOfDay(points, AREA, NIGHT, DAY, LATER);
    // in 21:50 (on time), last inside 05:20 next morning → 早退 40 min; 21:50 → 05:20 on site = 7 h 30 min
    expect(night).toMatchObject({ status: '早退', lateMinutes: 0, earlyMinutes: 40, arrival: new Date('2026-06-01T21:50:00+08:00'), departure: new Date('2026-06-02T05:20:00+08:00') });
    expect(night.onSiteSeconds).toBe(7.5 * 3600);
    // the same morning positions are not the next day's: 06-02's night shift sees nothing yet (before 22:00 of 06-02)
    expect(attendanceOfDay(points, AREA, NIGHT, '2026-06-02', new Date('2026-06-03T12:00:00+08:00'))).toMatchObject({ status: '缺勤' });
    // a 补卡 at 05:58 for 06-01 is read as the next morning → no longer early
    expect(attendanceOfDay(points, AREA, NIGHT, DAY, LATER, { punches: [5 * 60 + 58] })).toMatchObject({ status: '正常', departure: new Date('2026-06-02T05:58:00+08:00') });
    // before 06:00 of 06-02 the night of 06-01 has not ended
    expect(attendanceOfDay(points.slice(0, 5), AREA, NIGHT, DAY, new Date('2026-06-02T03:00:00+08:00')).status).toBe('未结束');
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

describe('holiday calendar', () => {
  const weekdays = [1, 2, 3, 4, 5];
  const official = tenantCalendar([2026], []);

  it('holds the State Council schedule of 2026: 33 days off and 6 调休 working days', () => {
    const days = officialHolidays(2026);
    // 元旦 3 + 春节 9 + 清明 3 + 劳动节 5 + 端午 3 + 中秋 3 + 国庆 7
    expect(days.filter((d) => d.kind === 'holiday')).toHaveLength(33);
    expect(days.filter((d) => d.kind === 'workday').map((d) => d.day)).toEqual(['2026-01-04', '2026-02-14', '2026-02-28', '2026-05-09', '2026-09-20', '2026-10-10']);
    expect(officialHolidays(2027)).toEqual([]);
  });

  it('a 调休 Saturday is a working day, a holiday on a weekday is not, an ordinary weekend neither', () => {
    expect(isoWeekday('2026-02-14')).toBe(6);
    expect(worksOn(weekdays, '2026-02-14', official, '2026-01-01')).toBe(true);
    expect(worksOn(weekdays, '2026-10-10', official, '2026-01-01')).toBe(true);
    expect(isoWeekday('2026-10-01')).toBe(4);
    expect(worksOn(weekdays, '2026-10-01', official, '2026-01-01')).toBe(false);
    expect(worksOn(weekdays, '2026-10-17', official, '2026-01-01')).toBe(false);
    expect(worksOn(weekdays, '2026-10-16', official, '2026-01-01')).toBe(true);
  });

  it('nothing is worked before the binding starts', () => {
    expect(worksOn(weekdays, '2026-10-19', official, '2026-10-20')).toBe(false);
    expect(worksOn(weekdays, '2026-10-20', official, '2026-10-20')).toBe(true);
  });

  it('a tenant’s own entries take precedence: an extra day off, a cancelled official day', () => {
    const own = tenantCalendar([2026], [
      { day: '2026-10-16', kind: 'holiday', name: '公司年会' },
      { day: '2026-10-10', kind: 'normal', name: '' },
    ]);
    expect(worksOn(weekdays, '2026-10-16', own, '2026-01-01')).toBe(false);
    // 10-10 is a Saturday again for this tenant
    expect(worksOn(weekdays, '2026-10-10', own, '2026-01-01')).toBe(false);
    expect(own.get('2026-10-16')).toMatchObject({ kind: 'holiday', name: '公司年会', source: 'tenant' });
  });
});
