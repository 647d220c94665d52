import { describe, expect, it } from 'vitest';
import { assetState, inAlarm, matchesStatus } from './asset-status';
import { countAssets } from './components/asset-tree/asset-tree-model';
import { monitorItem } from './testing/monitor-item';

describe('the open-alarm state of an asset', () => {
  // an SOS ended by the badge's next report (no alarm bit any more) but not handled
  const sosOpen = monitorItem('1', { alarmFlags: 0, openAlarms: 1, openAlarmTypes: ['sos'] });
  const silentWithSos = monitorItem('2', { online: false, alarmFlags: 0, openAlarms: 1, openAlarmTypes: ['sos'] });
  // the latest report carries a bit whose alarm is handled (or switched off): not in alarm
  const handled = monitorItem('3', { alarmFlags: 1, openAlarms: 0 });

  it('is read from openAlarms, not from the latest report’s alarm bits', () => {
    expect([sosOpen, silentWithSos, handled].map(inAlarm)).toEqual([true, true, false]);
    expect([sosOpen, silentWithSos, handled].map((i) => matchesStatus(i, 'alarm'))).toEqual([true, true, false]);
    expect(countAssets([sosOpen, silentWithSos, handled])).toEqual({ all: 3, online: 2, offline: 1, alarm: 2 });
  });

  it('draws an asset with an open alarm in alarm, also once it went offline', () => {
    expect([sosOpen, silentWithSos, handled].map(assetState)).toEqual(['alarm', 'alarm', 'moving']);
  });

  it('falls back to the alarm bits for items that do not say (older servers)', () => {
    expect(inAlarm(monitorItem('4', { alarmFlags: 1 }))).toBe(true);
    expect(assetState(monitorItem('5', { alarmFlags: 1, online: false }))).toBe('offline');
  });
});
