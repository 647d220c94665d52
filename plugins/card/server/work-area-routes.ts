import type { WorkArea } from '../../../sdk/attendance';
import { badInput, notFound, sessionRoute } from '../../../server/module';
import { toChinaIso } from '../../../sdk/china-time';
import { AttendanceApi } from '../../../sdk/contracts/card';
import type { WorkAreaRecord } from './attendance-queries';
import { cardOf } from './card-services';

/** 考勤管理 (work areas and shifts) and 考勤报表 with its export. */
export const AttendanceResource = { manage: 1103, report: 1104, export: 110401 } as const;
const MIN_RADIUS = 10;
const MAX_RADIUS = 5000;

export const toWorkArea = (a: WorkAreaRecord): WorkArea => ({
  id: a.id, name: a.name, center: [a.lon, a.lat], radius: a.radius, createTime: toChinaIso(a.createdAt),
});

export const workAreaListRoute = sessionRoute.of(AttendanceApi.areas, {
  resource: AttendanceResource.manage,
  alsoResources: [AttendanceResource.report],
  handler: async (ctx): Promise<WorkArea[]> => (await cardOf(ctx.deps).attendance.listAreas(await ctx.scope())).map(toWorkArea),
});

export const workAreaSaveRoute = sessionRoute.of(AttendanceApi.saveArea, {
  resource: AttendanceResource.manage,
  handler: async (ctx): Promise<WorkArea> => {
    const { body, deps, user } = ctx;
    const name = body.name.trim();
    if (!name) throw badInput('区域名称不能为空');
    if (!body.center) throw badInput('圆心不能为空');
    const [lon, lat] = body.center;
    if (!(lon >= -180 && lon <= 180) || !(lat >= -90 && lat <= 90)) throw badInput('圆心超出范围：经度 -180 到 180，纬度 -90 到 90');
    if (body.radius === undefined) throw badInput('半径不能为空');
    if (!(body.radius >= MIN_RADIUS && body.radius <= MAX_RADIUS)) throw badInput(`半径必须在 ${MIN_RADIUS} 到 ${MAX_RADIUS} 米之间`);
    const scope = await ctx.scope();
    const existing = body.id === undefined ? undefined : await cardOf(deps).attendance.findArea(scope, body.id);
    if (body.id !== undefined && !existing) throw notFound('考勤区域不存在');
    const tenantId = existing?.tenantId ?? user.tenantId;
    if (await cardOf(deps).attendance.areaNameTaken(tenantId, name, existing?.id)) throw badInput('区域名称已存在');
    const input = { name, lon, lat, radius: body.radius };
    let id: number;
    if (existing) {
      await cardOf(deps).attendance.updateArea(existing.id, input);
      id = existing.id;
    } else {
      id = await cardOf(deps).attendance.createArea(tenantId, input);
    }
    const saved = toWorkArea((await cardOf(deps).attendance.findArea(scope, id))!);
    await ctx.audit({ action: existing ? '修改考勤区域' : '新增考勤区域', target: `考勤区域 ${name}`, before: existing && toWorkArea(existing), after: saved, tenantId });
    return saved;
  },
});

export const workAreaDeleteRoute = sessionRoute.of(AttendanceApi.removeArea, {
  resource: AttendanceResource.manage,
  handler: async (ctx) => {
    const { body, deps } = ctx;
    const existing = await cardOf(deps).attendance.findArea(await ctx.scope(), body.id);
    if (!existing) throw notFound('考勤区域不存在');
    await cardOf(deps).attendance.deleteArea(existing.id);
    await ctx.audit({ action: '删除考勤区域', target: `考勤区域 ${existing.name}`, before: toWorkArea(existing), tenantId: existing.tenantId });
    return { deleted: 1 };
  },
});
