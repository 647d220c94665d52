import type { MonitorItem } from '@tianlu/sdk';
import type { WorkArea, WorkShift } from './attendance-api';

/** The people an area's shifts bind (by person or by 部门). */
export function boundPeople(people: readonly MonitorItem[], area: WorkArea, shifts: readonly WorkShift[]): MonitorItem[] {
  const own = shifts.filter((w) => w.workAreaId === area.id);
  const ids = new Set(own.flatMap((w) => w.vehicleIds));
  const departments = new Set(own.flatMap((w) => w.departments));
  return people.filter((p) => (p.vehicleId !== null && ids.has(p.vehicleId)) || (!!p.department && departments.has(p.department)));
}

/** What the 考勤区域 dialog's map shows and where its view opens. */
export interface WorkAreaMapView {
  /** The people drawn: those the area's shifts bind; a new area: every positioned person of the tenant. */
  shown: MonitorItem[];
  /** terminalNos of the people marked (labelled, never clustered): the area's; none for a new area. */
  marked: string[] | undefined;
  /** Changes when the view is to fit again: the dialog opened, the people loaded. */
  fitKey: string;
  /**
   * The shapes the view fits with the people: the area edited; a new area: none (the people), or,
   * while nobody is shown, the existing areas and the one typed.
   */
  fitShapes: string[] | undefined;
}

/**
 * The map of 新增考勤区域 / 编辑考勤区域: it opens on the area and the people it binds with their marks
 * (the area alone while none of them has a position); a new area on the tenant's people (on the
 * existing areas while nobody has a position), never on the whole of China. `circleId`: the id of
 * the area's circle on the map, while its centre is usable.
 */
export function workAreaMapView(people: readonly MonitorItem[], area: WorkArea | undefined, shifts: readonly WorkShift[], circleId: string | undefined): WorkAreaMapView {
  if (area) {
    const shown = boundPeople(people, area, shifts);
    const marked = shown.map((p) => p.terminalNo);
    return { shown, marked, fitKey: `area-${area.id}|${marked.join(',')}`, fitShapes: circleId ? [circleId] : [] };
  }
  const shown = [...people];
  return { shown, marked: undefined, fitKey: `new|${shown.length}`, fitShapes: shown.length ? [] : undefined };
}
