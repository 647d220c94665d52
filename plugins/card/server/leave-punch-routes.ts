import { badInput, dayCount, notFound, pageOffset, parseDay, sessionRoute, type SessionContext } from '../../../server/module';
import { LEAVE_KINDS, type LeaveItem, type PunchItem } from '../../../sdk/attendance';
import { AttendanceApi } from '../../../sdk/contracts/card';
import type { QueryOf } from '../../../sdk/endpoint';
import { toChinaIso } from '../../../sdk/china-time';
import type { LeaveRecord, PunchInput, PunchRecord } from './attendance-record-queries';
import { cardOf } from './card-services';
import { AttendanceResource } from './work-area-routes';

const MAX_LEAVE_DAYS = 366;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const PUNCH_NAMES = { in: '上班卡', out: '下班卡' } as const;

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

export const toLeaveItem = (l: LeaveRecord): LeaveItem => ({
  id: l.id, vehicleId: l.vehicleId, personName: l.personName, kind: l.kind, startDay: l.startDay, endDay: l.endDay,
  days: dayCount(l.startDay, l.endDay), reason: l.reason, createdBy: l.createdBy ?? '', createTime: toChinaIso(l.createdAt),
});

export const toPunchItem = (p: PunchRecord): PunchItem => ({
  id: p.id, vehicleId: p.vehicleId, personName: p.personName, day: p.day, punch: p.punch, time: hhmm(p.minute), reason: p.reason,
  createdBy: p.createdBy ?? '', createTime: toChinaIso(p.createdAt),
});

type ListQuery = QueryOf<typeof AttendanceApi.leaves>;

function listFilter(q: ListQuery) {
  const from = q.start?.trim() ? parseDay(q.start, '开始日期') : undefined;
  const to = q.end?.trim() ? parseDay(q.end, '结束日期') : undefined;
  if (from && to && to < from) throw badInput('结束日期不能早于开始日期');
  return { vehicleId: q.vehicleId, from, to };
}

/** The person a record is for, in the caller's scope. */
async function personOf(ctx: SessionContext<unknown, unknown>, vehicleId: number | undefined) {
  if (vehicleId === undefined) throw badInput('人员不能为空');
  const person = (await ctx.deps.store.people.list(await ctx.scope())).find((p) => p.vehicleId === vehicleId);
  if (!person) throw notFound('人员不存在');
  return person;
}

/** One page of records read whole (a scope's leaves or punches), as the console lists them. */
function pageOf<R, I>(all: readonly R[], query: { current: number; pageSize: number }, view: (record: R) => I): { total: number; list: I[] } {
  const page = pageOffset(query);
  return { total: all.length, list: all.slice(page.offset, page.offset + page.limit).map(view) };
}

function reasonOf(value: string | undefined): string {
  const reason = value?.trim();
  if (!reason) throw badInput('事由不能为空');
  return reason;
}

export const leaveListRoute = sessionRoute.of(AttendanceApi.leaves, {
  resource: AttendanceResource.manage,
  alsoResources: [AttendanceResource.report],
  handler: async (ctx) => pageOf(await cardOf(ctx.deps).attendanceRecords.listLeaves(await ctx.scope(), listFilter(ctx.query)), ctx.query, toLeaveItem),
});

export const leaveSaveRoute = sessionRoute.of(AttendanceApi.saveLeave, {
  resource: AttendanceResource.manage,
  handler: async (ctx) => {
    const { body, deps, user } = ctx;
    const person = await personOf(ctx, body.vehicleId);
    const kind = body.kind?.trim() ?? '';
    if (!kind) throw badInput('请假类别不能为空');
    if (!(LEAVE_KINDS as readonly string[]).includes(kind)) throw badInput(`请假类别应为 ${LEAVE_KINDS.join('、')} 之一`);
    if (!body.startDay?.trim()) throw badInput('开始日期不能为空');
    if (!body.endDay?.trim()) throw badInput('结束日期不能为空');
    const startDay = parseDay(body.startDay, '开始日期');
    const endDay = parseDay(body.endDay, '结束日期');
    if (endDay < startDay) throw badInput('结束日期不能早于开始日期');
    if (dayCount(startDay, endDay) > MAX_LEAVE_DAYS) throw badInput(`一次请假不能超过 ${MAX_LEAVE_DAYS} 天`);
    const reason = reasonOf(body.reason);
    if (await cardOf(deps).attendanceRecords.overlappingLeave(person.vehicleId, startDay, endDay)) throw badInput('该人员在这段时间已有请假记录');
    const id = await cardOf(deps).attendanceRecords.createLeave(person.tenantId, { vehicleId: person.vehicleId, kind, startDay, endDay, reason }, user.id);
    const saved = toLeaveItem((await cardOf(deps).attendanceRecords.findLeave(await ctx.scope(), id))!);
    await ctx.audit({ action: '登记请假', target: `${person.name} ${kind} ${startDay} 至 ${endDay}`, after: saved, tenantId: person.tenantId });
    return saved;
  },
});

export const leaveDeleteRoute = sessionRoute.of(AttendanceApi.removeLeave, {
  resource: AttendanceResource.manage,
  handler: async (ctx) => {
    const existing = await cardOf(ctx.deps).attendanceRecords.findLeave(await ctx.scope(), ctx.body.id);
    if (!existing) throw notFound('请假记录不存在');
    await cardOf(ctx.deps).attendanceRecords.deleteLeave(existing.id);
    await ctx.audit({ action: '删除请假', target: `${existing.personName} ${existing.kind} ${existing.startDay} 至 ${existing.endDay}`, before: toLeaveItem(existing), tenantId: existing.tenantId });
    return { deleted: 1 };
  },
});

export const punchListRoute = sessionRoute.of(AttendanceApi.punches, {
  resource: AttendanceResource.manage,
  alsoResources: [AttendanceResource.report],
  handler: async (ctx) => pageOf(await cardOf(ctx.deps).attendanceRecords.listPunches(await ctx.scope(), listFilter(ctx.query)), ctx.query, toPunchItem),
});

export const punchSaveRoute = sessionRoute.of(AttendanceApi.savePunch, {
  resource: AttendanceResource.manage,
  handler: async (ctx) => {
    const { body, deps, user } = ctx;
    const person = await personOf(ctx, body.vehicleId);
    if (!body.day?.trim()) throw badInput('考勤日期不能为空');
    const day = parseDay(body.day, '考勤日期');
    const punch = body.punch === 'in' ? 'in' : body.punch === 'out' ? 'out' : undefined;
    if (!punch) throw badInput('补卡类型不能为空');
    if (!body.time?.trim()) throw badInput('补卡时间不能为空');
    const m = TIME.exec(body.time.trim());
    if (!m) throw badInput('补卡时间格式不正确，应为 HH:MM，例如 09:00');
    const reason = reasonOf(body.reason);
    const input: PunchInput = { vehicleId: person.vehicleId, day, punch, minute: Number(m[1]) * 60 + Number(m[2]), reason };
    const id = await cardOf(deps).attendanceRecords.createPunch(person.tenantId, input, user.id);
    const saved = toPunchItem((await cardOf(deps).attendanceRecords.findPunch(await ctx.scope(), id))!);
    await ctx.audit({ action: '登记补卡', target: `${person.name} ${day} ${PUNCH_NAMES[punch]} ${saved.time}`, after: saved, tenantId: person.tenantId });
    return saved;
  },
});

export const punchDeleteRoute = sessionRoute.of(AttendanceApi.removePunch, {
  resource: AttendanceResource.manage,
  handler: async (ctx) => {
    const existing = await cardOf(ctx.deps).attendanceRecords.findPunch(await ctx.scope(), ctx.body.id);
    if (!existing) throw notFound('补卡记录不存在');
    await cardOf(ctx.deps).attendanceRecords.deletePunch(existing.id);
    await ctx.audit({ action: '删除补卡', target: `${existing.personName} ${existing.day} ${PUNCH_NAMES[existing.punch]}`, before: toPunchItem(existing), tenantId: existing.tenantId });
    return { deleted: 1 };
  },
});
