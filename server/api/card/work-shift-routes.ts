import type { WorkShift } from '../../../sdk/attendance';
import type { WorkShiftRecord } from '../../store/attendance-queries';
import { chinaDay } from '../../../sdk/china-time';
import { badInput, notFound } from '../envelope';
import { parseDay } from '../day-params';
import { sessionRoute } from '../route-definition';
import { AttendanceApi } from '../../../sdk/contracts/card';
import { AttendanceResource } from './work-area-routes';

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

export const toWorkShift = (s: WorkShiftRecord): WorkShift => ({
  id: s.id, name: s.name, workAreaId: s.workAreaId, startTime: hhmm(s.startMinute), endTime: hhmm(s.endMinute),
  graceMinutes: s.graceMinutes, weekdays: s.weekdays, vehicleIds: s.vehicleIds, departments: s.departments, memberStarts: s.memberStarts,
});

function minuteOf(value: string | undefined, label: string): number {
  if (value === undefined || value.trim() === '') throw badInput(`${label}不能为空`);
  const m = TIME.exec(value.trim());
  if (!m) throw badInput(`${label}格式不正确，应为 HH:MM，例如 09:00`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/**
 * The start of every binding after a save: a binding kept keeps its day (one saved before days were kept,
 * the shift's creation day); a new one starts on `startsOn`.
 */
function memberStarts(keys: string[], existing: WorkShiftRecord | undefined, startsOn: string): Record<string, string> {
  const before = new Set(existing ? [...existing.vehicleIds.map((id) => `v:${id}`), ...existing.departments.map((d) => `d:${d}`)] : []);
  const created = existing && chinaDay(existing.createdAt);
  return Object.fromEntries(keys.map((k) => [k, existing?.memberStarts[k] ?? (before.has(k) && created ? created : startsOn)]));
}

export const workShiftListRoute = sessionRoute.of(AttendanceApi.shifts, {
  resource: AttendanceResource.manage,
  alsoResources: [AttendanceResource.report],
  handler: async (ctx): Promise<WorkShift[]> => (await ctx.deps.store.attendance.listShifts(await ctx.scope())).map(toWorkShift),
});

export const workShiftOptionsRoute = sessionRoute.of(AttendanceApi.shiftOptions, {
  resource: AttendanceResource.manage,
  handler: async (ctx) => {
    const scope = await ctx.scope();
    const people = await ctx.deps.store.attendance.people(scope);
    return {
      people: people.map((p) => ({ id: p.vehicleId, name: p.name, employeeNo: p.employeeNo, department: p.department })),
      departments: [...new Set(people.map((p) => p.department).filter(Boolean))].sort(),
    };
  },
});

export const workShiftSaveRoute = sessionRoute.of(AttendanceApi.saveShift, {
  resource: AttendanceResource.manage,
  handler: async (ctx): Promise<WorkShift> => {
    const { body, deps } = ctx;
    const name = body.name.trim();
    if (!name) throw badInput('班次名称不能为空');
    const startMinute = minuteOf(body.startTime, '上班时间');
    const endMinute = minuteOf(body.endTime, '下班时间');
    if (endMinute === startMinute) throw badInput('下班时间不能与上班时间相同');
    const weekdays = [...new Set(body.weekdays ?? [])].sort((a, b) => a - b);
    if (weekdays.length === 0) throw badInput('工作日不能为空');
    const scope = await ctx.scope();
    const area = await deps.store.attendance.findArea(scope, body.workAreaId);
    if (!area) throw notFound('考勤区域不存在');
    const existing = body.id === undefined ? undefined : await deps.store.attendance.findShift(scope, body.id);
    if (body.id !== undefined && !existing) throw notFound('班次不存在');
    const tenantId = existing?.tenantId ?? area.tenantId;
    if (area.tenantId !== tenantId) throw badInput('考勤区域与班次不属于同一客户');
    const vehicleIds = [...new Set(body.vehicleIds ?? [])];
    const people = new Set((await deps.store.attendance.people(scope)).filter((p) => p.tenantId === tenantId).map((p) => p.vehicleId));
    if (vehicleIds.some((id) => !people.has(id))) throw notFound('人员不存在');
    const departments = [...new Set((body.departments ?? []).map((d) => d.trim()).filter(Boolean))];
    if (await deps.store.attendance.shiftNameTaken(tenantId, name, existing?.id)) throw badInput('班次名称已存在');
    const startsOn = body.startsOn?.trim() ? parseDay(body.startsOn, '生效日期') : chinaDay(deps.clock.now());
    const keys = [...vehicleIds.map((v) => `v:${v}`), ...departments.map((d) => `d:${d}`)];
    const input = {
      workAreaId: area.id, name, startMinute, endMinute, graceMinutes: body.graceMinutes ?? 0, weekdays, vehicleIds, departments,
      memberStarts: memberStarts(keys, existing, startsOn),
    };
    let id: number;
    if (existing) {
      await deps.store.attendance.updateShift(existing.id, input);
      id = existing.id;
    } else {
      id = await deps.store.attendance.createShift(tenantId, input);
    }
    const saved = toWorkShift((await deps.store.attendance.findShift(scope, id))!);
    await ctx.audit({ action: existing ? '修改考勤班次' : '新增考勤班次', target: `班次 ${name}`, before: existing && toWorkShift(existing), after: saved, tenantId });
    return saved;
  },
});

export const workShiftDeleteRoute = sessionRoute.of(AttendanceApi.removeShift, {
  resource: AttendanceResource.manage,
  handler: async (ctx) => {
    const { body, deps } = ctx;
    const existing = await deps.store.attendance.findShift(await ctx.scope(), body.id);
    if (!existing) throw notFound('班次不存在');
    await deps.store.attendance.deleteShift(existing.id);
    await ctx.audit({ action: '删除考勤班次', target: `班次 ${existing.name}`, before: toWorkShift(existing), tenantId: existing.tenantId });
    return { deleted: 1 };
  },
});
