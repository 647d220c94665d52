import { ALARM_TYPES, alarmTypeInfo, mergeControls, type AlarmControl, type AlarmSource } from '../../alarms/alarm-catalogue';
import type { AppDeps } from '../app-deps';
import { badInput } from '../envelope';
import { sessionRoute } from '../route-definition';
import { object } from '../schema-helpers';

/** 告警设置. */
const ALARM_CONTROL_RESOURCE = 400301;

export interface AlarmControlInfo {
  alarmType: string;
  alarmName: string;
  source: AlarmSource;
  enabled: boolean;
  thresholds: Record<string, number>;
}

async function controlList(deps: AppDeps, tenantId: number): Promise<AlarmControlInfo[]> {
  const merged = mergeControls(await deps.store.alarms.settings.controls(tenantId));
  return ALARM_TYPES.map((t) => {
    const c = merged.get(t.alarmType)!;
    return { alarmType: t.alarmType, alarmName: t.alarmName, source: t.source, enabled: c.enabled, thresholds: c.thresholds };
  });
}

interface ControlItemInput {
  alarmType: string;
  enabled: boolean;
  thresholds?: Record<string, unknown>;
}

/** Checks one item against the catalogue; the control to save (missing thresholds keep their current value). */
function checkItem(item: ControlItemInput, current: AlarmControl): AlarmControl {
  const info = alarmTypeInfo(item.alarmType)!;
  const thresholds = { ...current.thresholds };
  for (const [key, value] of Object.entries(item.thresholds ?? {})) {
    const spec = info.thresholds.find((s) => s.key === key);
    if (!spec) throw badInput(`${info.alarmName}不支持阈值 ${key}`);
    if (typeof value !== 'number' || !Number.isFinite(value)) throw badInput(`${info.alarmName}的${spec.title}必须是数字`);
    if (spec.integer && !Number.isInteger(value)) throw badInput(`${info.alarmName}的${spec.title}必须是整数`);
    if (value < spec.min || value > spec.max) throw badInput(`${info.alarmName}的${spec.title}必须在 ${spec.min} 到 ${spec.max} 之间`);
    thresholds[key] = value;
  }
  return { alarmType: item.alarmType, enabled: item.enabled, thresholds };
}

export const listAlarmControlRoute = sessionRoute({
  method: 'POST',
  url: '/car/v4/api/alarm/control/listAlarmControlInfo.json',
  summary: '告警设置：本租户每种告警是否开启及其阈值（未保存时为默认值）',
  resource: ALARM_CONTROL_RESOURCE,
  handler: ({ user, deps }) => controlList(deps, user.tenantId),
});

export const configAlarmControlRoute = sessionRoute<unknown, { items: ControlItemInput[] }>({
  method: 'POST',
  url: '/car/v4/api/alarm/control/configAlarmControl.json',
  summary: '保存告警设置（本租户）：开关和阈值；关闭的类型不再产生告警',
  resource: ALARM_CONTROL_RESOURCE,
  schema: {
    body: object(
      {
        items: {
          type: 'array',
          title: '告警设置',
          minItems: 1,
          maxItems: ALARM_TYPES.length,
          items: object(
            {
              alarmType: { type: 'string', title: '告警类型', minLength: 1, maxLength: 50 },
              enabled: { type: 'boolean', title: '是否开启' },
              thresholds: { type: 'object', title: '阈值' },
            },
            ['alarmType', 'enabled'],
          ),
        },
      },
      ['items'],
    ),
  },
  handler: async (ctx) => {
    const { body, user, deps } = ctx;
    const seen = new Set<string>();
    for (const item of body.items) {
      if (!alarmTypeInfo(item.alarmType)) throw badInput(`告警类型 ${item.alarmType} 不存在`);
      if (seen.has(item.alarmType)) throw badInput(`告警类型 ${item.alarmType} 重复`);
      seen.add(item.alarmType);
    }
    const before = mergeControls(await deps.store.alarms.settings.controls(user.tenantId));
    const changes = body.items.map((item) => checkItem(item, before.get(item.alarmType)!));
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
