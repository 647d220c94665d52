import { alarmTypesOfTenant, isAlarmLevel, mergeControls, type AlarmControl, type AlarmTypeInfo } from '../../alarms/alarm-catalogue';
import type { AlarmControlItem } from '../../../sdk/services/alarm-service';
import type { AppDeps } from '../app-deps';
import { badInput } from '../envelope';
import { sessionRoute } from '../route-definition';
import { AlarmApi, type AlarmControlInput } from '../../../sdk/contracts/alarm';

/** 告警设置. */
const ALARM_CONTROL_RESOURCE = 400301;

/** One type of 告警设置 as the console gets it: the SDK's contract type. */
export type AlarmControlInfo = AlarmControlItem;

/** The types the tenant sets: the platform's, and those of the sub-applications (built-in or installed) it is granted. */
async function typesOf(deps: AppDeps, tenantId: number): Promise<Map<string, AlarmTypeInfo>> {
  return new Map(alarmTypesOfTenant(await deps.store.org.tenantPlatforms(tenantId)).map((t) => [t.alarmType, t]));
}

async function controlList(deps: AppDeps, tenantId: number): Promise<AlarmControlInfo[]> {
  const merged = mergeControls(await deps.store.alarms.settings.controls(tenantId));
  return [...(await typesOf(deps, tenantId)).values()].map((t) => {
    const c = merged.get(t.alarmType)!;
    return {
      alarmType: t.alarmType, alarmName: t.alarmName, source: t.source, enabled: c.enabled,
      level: c.level ?? t.defaultLevel, defaultLevel: t.defaultLevel, lifecycle: t.lifecycle, thresholds: c.thresholds,
    };
  });
}

/** Checks one item against the catalogue; the control to save (a missing level or threshold keeps its current value). */
function checkItem(info: AlarmTypeInfo, item: AlarmControlInput, current: AlarmControl, saved: AlarmControl | undefined): AlarmControl {
  const thresholds = { ...current.thresholds };
  for (const [key, value] of Object.entries(item.thresholds ?? {})) {
    const spec = info.thresholds.find((s) => s.key === key);
    if (!spec) throw badInput(`${info.alarmName}不支持阈值 ${key}`);
    if (typeof value !== 'number' || !Number.isFinite(value)) throw badInput(`${info.alarmName}的${spec.title}必须是数字`);
    if (spec.integer && !Number.isInteger(value)) throw badInput(`${info.alarmName}的${spec.title}必须是整数`);
    if (value < spec.min || value > spec.max) throw badInput(`${info.alarmName}的${spec.title}必须在 ${spec.min} 到 ${spec.max} 之间`);
    thresholds[key] = value;
  }
  let level = saved?.level; // a level never set stays unset: the type's default applies
  if (item.level !== undefined) {
    if (!isAlarmLevel(item.level)) throw badInput(`${info.alarmName}的告警级别必须是 紧急（urgent）、一般（normal）或 提示（info）`);
    level = item.level;
  }
  return { alarmType: item.alarmType, enabled: item.enabled, ...(level && { level }), thresholds };
}

export const listAlarmControlRoute = sessionRoute.of(AlarmApi.controlList, {
  resource: ALARM_CONTROL_RESOURCE,
  handler: ({ user, deps }) => controlList(deps, user.tenantId),
});

export const configAlarmControlRoute = sessionRoute.of(AlarmApi.controlSave, {
  resource: ALARM_CONTROL_RESOURCE,
  handler: async (ctx) => {
    const { body, user, deps } = ctx;
    const seen = new Set<string>();
    const types = await typesOf(deps, user.tenantId);
    for (const item of body.items) {
      // a sub-application's type the tenant is not granted does not exist for it
      if (!types.has(item.alarmType)) throw badInput(`告警类型 ${item.alarmType} 不存在`);
      if (seen.has(item.alarmType)) throw badInput(`告警类型 ${item.alarmType} 重复`);
      seen.add(item.alarmType);
    }
    const saved = await deps.store.alarms.settings.controls(user.tenantId);
    const before = mergeControls(saved);
    const savedByType = new Map(saved.map((c) => [c.alarmType, c]));
    const changes = body.items.map((item) => checkItem(types.get(item.alarmType)!, item, before.get(item.alarmType)!, savedByType.get(item.alarmType)));
    await deps.store.alarms.settings.saveControls(user.tenantId, changes, deps.clock.now());
    await ctx.audit({
      action: '修改告警设置',
      target: `告警设置 ${changes.map((c) => c.alarmType).join(',')}`,
      before: changes.map((c) => before.get(c.alarmType)),
      after: changes,
    });
    deps.fleet?.alarms.invalidate();
    return controlList(deps, user.tenantId);
  },
});
