import { describe, expect, it } from 'vitest';
import type { MonitorItem } from '@tianlu/sdk';
import type { WorkArea, WorkShift } from './attendance-api';
import { workAreaMapView } from './work-area-map';

const AREA: WorkArea = { id: 3, name: '一号厂区', center: [116.3, 39.8], radius: 300, createTime: '2026-05-01T08:00:00+08:00' };
const shift = (patch: Partial<WorkShift>): WorkShift => ({
  id: 1, name: '白班', workAreaId: 3, startTime: '09:00', endTime: '18:00', graceMinutes: 5, weekdays: [1, 2, 3, 4, 5], vehicleIds: [], departments: [], memberStarts: {}, ...patch,
});
const person = (terminalNo: string, vehicleId: number, department = '') =>
  ({ terminalNo, plateNo: `员工${vehicleId}`, assetKind: 'person', vehicleId, department, lon: 116.4, lat: 39.9 }) as MonitorItem;
const PEOPLE = [person('000000000011', 11), person('000000000012', 12, '装配部'), person('000000000013', 13, '财务部')];

describe('the 考勤区域 map', () => {
  it('marks the people an area binds by person and by 部门 and fits them with the area, not the other areas', () => {
    const view = workAreaMapView(PEOPLE, AREA, [shift({ vehicleIds: [11], departments: ['装配部'] }), shift({ id: 2, workAreaId: 4, vehicleIds: [13] })], 'area-0');
    expect(view.shown.map((p) => p.terminalNo)).toEqual(['000000000011', '000000000012']);
    expect(view.marked).toEqual(['000000000011', '000000000012']);
    expect(view.fitShapes).toEqual(['area-0']);
  });

  it('fits again when the bound people load, not when the area is typed over', () => {
    const shifts = [shift({ vehicleIds: [11] })];
    const before = workAreaMapView([], AREA, shifts, 'area-0');
    // nobody placed yet: the area alone
    expect(before.marked).toEqual([]);
    expect(before.fitShapes).toEqual(['area-0']);
    const loaded = workAreaMapView(PEOPLE, AREA, shifts, 'area-0');
    expect(loaded.fitKey).not.toBe(before.fitKey);
    expect(workAreaMapView(PEOPLE, AREA, shifts, 'area-1').fitKey).toBe(loaded.fitKey);
  });

  it('opens a new area on every person, unmarked, without the existing areas; on those areas while nobody has a position', () => {
    const view = workAreaMapView(PEOPLE, undefined, [shift({ vehicleIds: [11] })], undefined);
    expect(view.shown).toHaveLength(3);
    expect(view.marked).toBeUndefined();
    expect(view.fitShapes).toEqual([]);
    const empty = workAreaMapView([], undefined, [], undefined);
    expect(empty.fitShapes).toBeUndefined();
    expect(empty.fitKey).not.toBe(view.fitKey);
  });
});
