import { describe, expect, it } from 'vitest';
import { ALARM_LEVELS, ALARM_TYPE_NAMES } from '../../sdk/services/alarm-service';
import { alarmTypesOf } from '../../sdk/extension-points';
import { BUILT_IN_DECLARATIONS } from '../store/catalogue/built-in-declarations';
import { defineServerModule } from '../module/server-module';
import { ALARM_TYPES, alarmLevel, alarmTypeInfo, withModuleAlarmTypes } from './alarm-catalogue';

describe('the alarm catalogue', () => {
  it('names every type in the console as the server does: the platform’s own, then what the built-in declarations contribute', () => {
    const contributed = BUILT_IN_DECLARATIONS.flatMap((d) => alarmTypesOf(d.contributes));
    expect({ ...ALARM_TYPE_NAMES, ...Object.fromEntries(contributed.map((t) => [t.alarmType, t.alarmName])) }).toEqual(
      Object.fromEntries(ALARM_TYPES.map((t) => [t.alarmType, t.alarmName])),
    );
    expect(ALARM_TYPES.find((t) => t.alarmType === 'leaseOverdue')).toMatchObject({ platformId: 23, contributedBy: '电动车租赁' });
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

  it("lists a module's alarm types after the platform's own, with the level, lifecycle and switch it declares", () => {
    expect(ALARM_TYPES.at(-1)).toMatchObject({ alarmType: 'leaseOverdue', alarmName: '租约逾期', source: 'platform', defaultLevel: 'normal', lifecycle: 'condition', defaultEnabled: true });
    const bins = defineServerModule({ name: 'bins', alarmTypes: [{ alarmType: 'binFull', alarmName: '垃圾桶满溢', defaultEnabled: false, defaultLevel: 'info', lifecycle: 'event' }] });
    const all = withModuleAlarmTypes([alarmTypeInfo('sos')!], [bins]);
    expect(all.map((t) => [t.alarmType, t.source, t.defaultEnabled, t.lifecycle])).toEqual([['sos', 'terminal', true, 'event'], ['binFull', 'platform', false, 'event']]);
  });

  it('refuses a module alarm type whose name is already taken', () => {
    const clash = defineServerModule({ name: 'clash', alarmTypes: [{ alarmType: 'sos', alarmName: '另一个', defaultEnabled: true, defaultLevel: 'urgent', lifecycle: 'event' }] });
    expect(() => withModuleAlarmTypes([alarmTypeInfo('sos')!], [clash])).toThrow('alarm type "sos" of module clash is already defined');
  });
});
