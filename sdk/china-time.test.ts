// An operator's laptop in New York: every result below must still be China time. The zone is set
// before any date is made; Node reads TZ again when it changes.
const machineZone = process.env.TZ;
process.env.TZ = 'America/New_York';

import { afterAll, describe, expect, it } from 'vitest';
import {
  chinaDay,
  chinaDayRange,
  chinaDayStart,
  chinaHour,
  formatChinaTime,
  fromChinaInputValue,
  toChinaInputValue,
  toChinaIso,
} from './china-time';

// 2026-03-01 10:00:00 in China is 2026-03-01 02:00 UTC and 2026-02-28 21:00 in New York
const TEN_AM = Date.parse('2026-03-01T10:00:00+08:00');

afterAll(() => {
  if (machineZone === undefined) delete process.env.TZ;
  else process.env.TZ = machineZone;
});

describe('the test runs away from China', () => {
  it('the process is in New York time', () => {
    expect(new Date(TEN_AM).getHours()).toBe(21);
  });
});

describe('formatChinaTime', () => {
  it('writes the China clock whatever the offset of the text, ms or Date', () => {
    expect(formatChinaTime('2026-03-01T10:00:00+08:00')).toBe('2026-03-01 10:00:00');
    expect(formatChinaTime('2026-03-01T02:00:00Z')).toBe('2026-03-01 10:00:00');
    expect(formatChinaTime('2026-02-28T21:00:00-05:00')).toBe('2026-03-01 10:00:00');
    expect(formatChinaTime(TEN_AM)).toBe('2026-03-01 10:00:00');
    expect(formatChinaTime(new Date(TEN_AM))).toBe('2026-03-01 10:00:00');
  });

  it('reads a time without an offset as China time', () => {
    expect(formatChinaTime('2026-03-01T10:00:00')).toBe(formatChinaTime('2026-03-01T10:00:00+08:00'));
    expect(formatChinaTime('2026-03-01 10:00', 'short')).toBe('03-01 10:00:00');
  });

  it('has a style for each place a time is shown', () => {
    const at = '2026-12-31T23:59:58+08:00';
    expect(formatChinaTime(at, 'full')).toBe('2026-12-31 23:59:58');
    expect(formatChinaTime(at, 'short')).toBe('12-31 23:59:58');
    expect(formatChinaTime(at, 'minute')).toBe('2026-12-31 23:59');
    expect(formatChinaTime(at, 'shortMinute')).toBe('12-31 23:59');
    expect(formatChinaTime(at, 'date')).toBe('2026-12-31');
    expect(formatChinaTime(at, 'time')).toBe('23:59:58');
    expect(formatChinaTime(at, 'clock')).toBe('23:59');
  });

  it('shows the placeholder for nothing and unreadable text unchanged', () => {
    expect(formatChinaTime(null)).toBe('—');
    expect(formatChinaTime(undefined)).toBe('—');
    expect(formatChinaTime('')).toBe('—');
    expect(formatChinaTime(null, 'short', '-')).toBe('-');
    expect(formatChinaTime('稍后')).toBe('稍后');
    expect(formatChinaTime('2026-02-30T10:00:00')).toBe('2026-02-30T10:00:00');
    expect(formatChinaTime(Number.NaN)).toBe('—');
  });
});

describe('toChinaIso', () => {
  it('carries the +08:00 offset and the China clock', () => {
    expect(toChinaIso(TEN_AM)).toBe('2026-03-01T10:00:00+08:00');
    expect(toChinaIso(new Date('2026-06-30T16:30:05Z'))).toBe('2026-07-01T00:30:05+08:00');
  });

  it('is the same instant it was given', () => {
    const at = Date.parse('2026-11-01T06:30:00Z'); // New York's clocks go back that morning
    expect(Date.parse(toChinaIso(at))).toBe(at);
  });
});

describe('date and time inputs', () => {
  it('show an instant as the China wall clock', () => {
    expect(toChinaInputValue(TEN_AM)).toBe('2026-03-01T10:00');
    expect(toChinaInputValue(new Date('2026-03-01T17:30:00Z'))).toBe('2026-03-02T01:30');
  });

  it('read what was typed as China time', () => {
    expect(fromChinaInputValue('2026-03-01T10:00')).toBe(TEN_AM);
    expect(fromChinaInputValue('2026-03-01T10:00:30')).toBe(TEN_AM + 30_000);
    expect(fromChinaInputValue('2026-03-01')).toBe(Date.parse('2026-03-01T00:00:00+08:00'));
  });

  it('round-trip, also across a New York daylight-saving change', () => {
    for (const value of ['2026-03-08T02:30', '2026-11-01T01:30', '2026-01-01T00:00', '2026-12-31T23:59']) {
      expect(toChinaInputValue(fromChinaInputValue(value)!)).toBe(value);
    }
  });

  it('refuse what is empty or names no real time', () => {
    for (const value of ['', '2026-03-01T10', '2026/03/01 10:00', '2026-02-30T10:00', '2026-03-01T24:00', '2026-13-01', 'abc']) {
      expect(fromChinaInputValue(value)).toBeUndefined();
    }
  });
});

describe('China days', () => {
  it('change at China midnight (16:00 UTC), not at the browser midnight', () => {
    expect(chinaDay(Date.parse('2026-03-01T15:59:59Z'))).toBe('2026-03-01');
    expect(chinaDay(Date.parse('2026-03-01T16:00:00Z'))).toBe('2026-03-02');
    // after UTC midnight but before New York midnight: already 08:30 of the 2nd in China
    expect(chinaDay(Date.parse('2026-03-02T00:30:00Z'))).toBe('2026-03-02');
  });

  it('start at 00:00 China time', () => {
    const start = Date.parse('2026-03-02T00:00:00+08:00');
    expect(chinaDayStart(Date.parse('2026-03-01T16:00:00Z'))).toBe(start);
    expect(chinaDayStart(Date.parse('2026-03-02T15:59:59Z'))).toBe(start);
    expect(chinaDayStart('2026-03-02')).toBe(start);
  });

  it('give the hour of the China clock', () => {
    expect(chinaHour(Date.parse('2026-03-01T23:30:00Z'))).toBe(7);
    expect(chinaHour(TEN_AM)).toBe(10);
  });

  it('bound a query of whole days', () => {
    expect(chinaDayRange('2026-03-01')).toEqual({ start: '2026-03-01T00:00:00+08:00', end: '2026-03-01T23:59:59+08:00' });
    expect(chinaDayRange('2026-03-01', '2026-03-07')).toEqual({ start: '2026-03-01T00:00:00+08:00', end: '2026-03-07T23:59:59+08:00' });
  });
});
