import { describe, expect, it } from 'vitest';
import { ALARM_DESK_MAX, type Alarm, type AlarmLevel } from '@tianlu/sdk';
import { AlarmDesk } from './alarm-desk';
import { testAlarm } from '../test/alarm-fixture';

let nextId = 1;
function alarm(patch: Partial<Alarm> & { minute?: number } = {}): Alarm {
  const { minute = 0, ...rest } = patch;
  const startTime = new Date(Date.parse('2026-03-01T10:00:00+08:00') + minute * 60_000).toISOString();
  return testAlarm(nextId++, { alarmType: 'vibration', alarmName: '震动告警', level: 'normal', plateNo: '粤B·D30001', assetKind: 'ebike', lon: 113.9, lat: 22.5, startTime, ...rest });
}

const sos = (patch: Partial<Alarm> & { minute?: number } = {}) => alarm({ alarmType: 'sos', alarmName: '紧急报警', level: 'urgent' as AlarmLevel, ...patch });

describe('AlarmDesk', () => {
  it('merges repeats of one asset and type within ten minutes into one entry with a count', () => {
    const desk = new AlarmDesk();
    const first = alarm({ minute: 0 });
    desk.add(first, true);
    desk.add(alarm({ minute: 4 }), true);
    desk.add(alarm({ minute: 13 }), true);
    expect(desk.ordered).toHaveLength(1);
    const entry = desk.ordered[0]!;
    expect(entry.ids).toHaveLength(3);
    expect(entry.key).toBe(String(first.id));
    expect(entry.firstTime).toBe(first.startTime);
    expect(desk.arrival).toMatchObject({ repeat: true, serial: 3 });
    // a quiet gap longer than the window starts a new entry; another asset or type never merges
    desk.add(alarm({ minute: 40 }), true);
    desk.add(alarm({ minute: 40, terminalNo: '013800000002' }), true);
    desk.add(alarm({ minute: 40, alarmType: 'displacement', alarmName: '位移告警' }), true);
    expect(desk.ordered.map((e) => e.ids.length)).toEqual([1, 1, 1, 3]);
    expect(desk.arrival?.repeat).toBe(false);
  });

  it('orders by level, then newest first', () => {
    const desk = new AlarmDesk();
    desk.add(alarm({ minute: 5, terminalNo: 'a' }), false);
    desk.add(sos({ minute: 1, terminalNo: 'b' }), false);
    desk.add(alarm({ minute: 9, terminalNo: 'c', alarmType: 'lowBattery', level: 'info' }), false);
    desk.add(sos({ minute: 3, terminalNo: 'd' }), false);
    desk.add(alarm({ minute: 7, terminalNo: 'e' }), false);
    expect(desk.ordered.map((e) => e.terminalNo)).toEqual(['d', 'b', 'e', 'a', 'c']);
  });

  it('when full lets the oldest of the lowest level go, never an urgent one before them nor one being handled', () => {
    const desk = new AlarmDesk();
    const handled = alarm({ minute: 0, terminalNo: 'oldest' });
    desk.add(handled, false);
    desk.startHandling(String(handled.id));
    desk.add(sos({ minute: 1, terminalNo: 'sos' }), false);
    for (let i = 0; i < ALARM_DESK_MAX + 5; i++) desk.add(alarm({ minute: 2 + i * 0.01, terminalNo: `t${i}` }), false);
    expect(desk.ordered).toHaveLength(ALARM_DESK_MAX);
    expect(desk.overflow).toBe(7);
    const left = new Set(desk.ordered.map((e) => e.terminalNo));
    expect(left.has('oldest')).toBe(true);
    expect(left.has('sos')).toBe(true);
    expect(left.has('t0')).toBe(false);
    expect(left.has(`t${ALARM_DESK_MAX + 4}`)).toBe(true);
  });

  it('takes processed alarms off; an entry left empty leaves unless it is being handled here', () => {
    const desk = new AlarmDesk();
    const a = alarm();
    const b = alarm({ minute: 1 });
    const c = sos({ terminalNo: 'x' });
    desk.add(a, false);
    desk.add(b, false);
    desk.add(c, false);
    desk.removeAlarms([a.id], false);
    expect(desk.ordered.map((e) => e.ids)).toEqual([[c.id], [b.id]]);
    desk.startHandling(String(c.id));
    desk.setNote(String(c.id), '正在联系');
    desk.removeAlarms([c.id], false);
    expect(desk.handling[0]).toMatchObject({ processedElsewhere: true, ids: [] });
    expect(desk.notes.get(String(c.id))).toBe('正在联系');
    desk.removeAlarms([b.id], true);
    expect(desk.ordered.map((e) => e.terminalNo)).toEqual(['x']);
    expect(desk.has(b.id)).toBe(false);
  });

  it('restores stored entries and ignores malformed ones', () => {
    const desk = new AlarmDesk();
    desk.add(sos(), false);
    const saved = JSON.parse(JSON.stringify(desk.ordered)) as unknown[];
    const again = new AlarmDesk();
    again.restore([...saved, { key: 'x' }, null, 'junk']);
    expect(again.ordered).toEqual(desk.ordered);
  });
});
