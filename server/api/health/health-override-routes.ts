import { healthLimitsProblem, pickOverride, resolveHealthLimits, type HealthLimits } from '../../../sdk/health-limits';
import type { HealthOverride, HealthOverrideList, HealthPerson } from '../../../sdk/health';
import type { PersonRecord } from '../../store/people-queries';
import type { HealthOverrideRecord } from '../../store/health-queries';
import { badInput, notFound } from '../envelope';
import { sessionRoute, type SessionContext } from '../route-definition';
import { HealthSettingsApi } from '../../../sdk/contracts/center';
import { HEALTH_SETTINGS } from './health-limit-schema';

/** The people of the caller's own tenant within their groups (a sub-tenant keeps its own 健康设置). */
async function peopleOf(ctx: SessionContext<unknown, unknown>): Promise<PersonRecord[]> {
  return (await ctx.deps.store.people.list(await ctx.scope())).filter((p) => p.tenantId === ctx.user.tenantId);
}

function views(tenant: HealthLimits, records: HealthOverrideRecord[], people: PersonRecord[]): HealthOverride[] {
  const byDepartment = new Map(records.filter((r) => r.department !== null).map((r) => [r.department!, r.limits]));
  const byId = new Map(people.map((p) => [p.vehicleId, p]));
  const out: HealthOverride[] = [];
  for (const r of records) {
    if (r.department !== null) {
      out.push({ id: r.id, scope: 'department', department: r.department, vehicleId: null, name: r.department, employeeNo: '', limits: r.limits, effective: resolveHealthLimits(tenant, r.limits) });
      continue;
    }
    const p = byId.get(r.vehicleId!);
    if (!p) continue; // outside the caller's groups
    const department = p.department.trim();
    out.push({
      id: r.id, scope: 'person', department, vehicleId: p.vehicleId, name: p.name, employeeNo: p.employeeNo, limits: r.limits,
      effective: resolveHealthLimits(tenant, byDepartment.get(department), r.limits),
    });
  }
  return out;
}

export const listHealthOverridesRoute = sessionRoute.of(HealthSettingsApi.overrides, {
  resource: HEALTH_SETTINGS,
  handler: async (ctx): Promise<HealthOverrideList> => {
    const { deps, user } = ctx;
    const [tenant, records, people] = await Promise.all([deps.store.health.get(user.tenantId), deps.store.health.overrides(user.tenantId), peopleOf(ctx)]);
    return {
      tenant,
      departments: [...new Set(people.map((p) => p.department.trim()).filter(Boolean))].sort(),
      overrides: views(tenant, records, people),
    };
  },
});

export const searchHealthPeopleRoute = sessionRoute.of(HealthSettingsApi.people, {
  resource: HEALTH_SETTINGS,
  handler: async (ctx): Promise<HealthPerson[]> => {
    const kw = ctx.query.keyword?.trim().toLowerCase() ?? '';
    return (await peopleOf(ctx))
      .filter((p) => !kw || [p.name, p.employeeNo, p.department].some((v) => v.toLowerCase().includes(kw)))
      .slice(0, 20)
      .map((p) => ({ id: p.vehicleId, name: p.name, employeeNo: p.employeeNo, department: p.department }));
  },
});

export const saveHealthOverrideRoute = sessionRoute.of(HealthSettingsApi.saveOverride, {
  resource: HEALTH_SETTINGS,
  handler: async (ctx) => {
    const { body, deps, user, audit } = ctx;
    const department = body.department?.trim() ?? '';
    if ((department === '') === (body.vehicleId === undefined)) throw badInput('请选择一个部门或一个人员');
    const limits = pickOverride(body.limits);
    for (const key of ['temperatureMin', 'temperatureMax'] as const) if (limits[key] !== undefined) limits[key] = Math.round(limits[key] * 10) / 10;
    if (Object.keys(limits).length === 0) throw badInput('请至少填写一项阈值');
    const [tenant, records, people] = await Promise.all([deps.store.health.get(user.tenantId), deps.store.health.overrides(user.tenantId), peopleOf(ctx)]);
    let inherited: HealthLimits;
    let from: string;
    let target: string;
    if (department) {
      if (!people.some((p) => p.department.trim() === department)) throw notFound('部门不存在');
      inherited = resolveHealthLimits(tenant);
      from = '本租户设置';
      target = `部门 ${department}`;
    } else {
      const person = people.find((p) => p.vehicleId === body.vehicleId);
      if (!person) throw notFound('人员不存在');
      const own = records.find((r) => r.department !== null && r.department === person.department.trim());
      inherited = resolveHealthLimits(tenant, own?.limits);
      from = own ? `部门“${own.department}”的设置` : '本租户设置';
      target = `人员 ${person.name}`;
    }
    const problem = healthLimitsProblem(limits, inherited, from);
    if (problem) throw badInput(problem);
    const before = records.find((r) => (department ? r.department === department : r.vehicleId === body.vehicleId));
    const id = await deps.store.health.saveOverride(user.tenantId, department ? { department } : { vehicleId: body.vehicleId! }, limits, deps.clock.now(), user.id);
    deps.fleet?.alarms.invalidate();
    await audit({ action: '修改健康阈值', target, before: before?.limits ?? null, after: limits });
    const saved = views(tenant, await deps.store.health.overrides(user.tenantId), people).find((v) => v.id === id);
    return saved!;
  },
});

export const deleteHealthOverrideRoute = sessionRoute.of(HealthSettingsApi.deleteOverride, {
  resource: HEALTH_SETTINGS,
  handler: async ({ body, deps, user, audit }) => {
    const record = (await deps.store.health.overrides(user.tenantId)).find((r) => r.id === body.id);
    if (!record || !(await deps.store.health.deleteOverride(user.tenantId, body.id))) throw notFound('该阈值不存在');
    deps.fleet?.alarms.invalidate();
    await audit({ action: '删除健康阈值', target: record.department !== null ? `部门 ${record.department}` : `人员 #${record.vehicleId}`, before: record.limits, after: null });
    return null;
  },
});
