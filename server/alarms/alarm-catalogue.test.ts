import { describe, expect, it } from 'vitest';
import { ALARM_LEVELS, ALARM_TYPE_NAMES } from '../../sdk/services/alarm-service';
import { ALARM_TYPES, alarmLevel } from './alarm-catalogue';

describe('the alarm catalogue', () => {
  it('names every type in the console as the server does', () => {
    expect(ALARM_TYPE_NAMES).toEqual(Object.fromEntries(ALARM_TYPES.map((t) => [t.alarmType, t.alarmName])));
  });

  it('gives every type a default level and lifecycle; a saved level wins, anything else falls back to the default', () => {
    const levels = new Set(ALARM_LEVELS.map((l) => l.level));
    for (const t of ALARM_TYPES) {
      expect(levels.has(t.defaultLevel)).toBe(true);
      expect(['event', 'condition']).toContain(t.lifecycle);
    }
    expect(alarmLevel('vibration', 'urgent')).toBe('urgent');
    expect(alarmLevel('vibration', null)).toBe('normal');
    expect(alarmLevel('vibration', 'critical')).toBe('normal');
  });
});
