import { describe, expect, it } from 'vitest';
import { personStatus } from './person-status';
import { monitorItem } from '../../testing/monitor-item';

const person = (patch: Parameters<typeof monitorItem>[1] = {}) => monitorItem('868710040000093', { plateNo: '周文斌', assetKind: 'person', speed: 0, ...patch });
const labels = (patch: Parameters<typeof monitorItem>[1] = {}) => personStatus(person(patch)).map((c) => c.label);

describe('a person’s status chips', () => {
  it('shows 在线 with 移动 or 静止, and only 离线 when the badge is offline', () => {
    expect(labels({ online: true, speed: 4 })).toEqual(['在线', '移动']);
    expect(labels({ online: true, speed: 0 })).toEqual(['在线', '静止']);
    expect(labels({ online: false, speed: 4 })).toEqual(['离线']);
  });

  it('shows SOS while the SOS alarm is on and 低电量 below 20 %', () => {
    expect(labels({ online: true, alarmFlags: 1 })).toEqual(['在线', '静止', 'SOS']);
    expect(labels({ online: true, alarmFlags: 1 << 7 })).toEqual(['在线', '静止']);
    expect(labels({ online: true, battery: 19 })).toEqual(['在线', '静止', '低电量']);
    expect(labels({ online: true, battery: 20 })).toEqual(['在线', '静止']);
  });

  it('says when the position is a cell or WiFi fix, with its accuracy', () => {
    const chips = personStatus(person({ online: true, fix: 'lbs', accuracy: 512.4 }));
    expect(chips.at(-1)).toEqual({ key: 'lbs', label: '基站定位', tone: 'neutral', title: '基站定位，精度 ±512 m' });
    expect(labels({ online: true, fix: 'wifi', accuracy: 40 })).toEqual(['在线', '静止', 'WiFi定位']);
    expect(labels({ online: true, fix: 'last' })).toEqual(['在线', '静止']);
  });

  it('shows nothing for a person whose service ran out', () => {
    expect(personStatus(person({ expired: true, online: false }))).toEqual([]);
  });
});
