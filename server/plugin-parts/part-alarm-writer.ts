import { alarmTypeInfo } from '../alarms/alarm-catalogue';
import type { PartAlarmInput, PartAlarmWriter } from '../module/part-data';
import type { ModuleAlarms } from '../module/server-module';
import type { Store } from '../store/create-store';

/** What a part's alarm writer needs of the platform. */
export interface PartAlarmEnv {
  store: Pick<Store, 'alarms' | 'org' | 'fleet'>;
  alarms: Pick<ModuleAlarms, 'announceRaised' | 'announceEnded'>;
}

/** Who writes: the plugin, its platform and the alarm types its manifest.json contributes. */
export interface PartAlarmOwner {
  systemId: string;
  platformId: number;
  alarmTypes: readonly string[];
}

const refuse = (msg: string) => Object.assign(new Error(msg), { flag: 400 });

/**
 * Opens and ends alarms of the types a plugin contributes, as the built-in modules do: the tenant's
 * 告警设置 decides whether the type is raised, the row goes to the store with its deliveries (告警推送)
 * and is announced (告警中心's 实时告警, the alarm desk). Other types, terminals of another tenant and
 * tenants without the plugin are refused in Chinese.
 */
export function partAlarmWriter(env: PartAlarmEnv, owner: PartAlarmOwner): PartAlarmWriter {
  const own = new Set(owner.alarmTypes);
  const checkType = (alarmType: string) => {
    if (!own.has(alarmType)) {
      throw refuse(`告警类型 ${String(alarmType)} 不是插件 ${owner.systemId} 在 manifest.json 的 contributes.alarmTypes 中声明的类型，不能由它产生或结束`);
    }
  };
  const checkTime = (time: unknown) => {
    if (!(time instanceof Date) || Number.isNaN(time.getTime())) throw refuse('告警时间必须是有效的 Date');
  };
  return {
    async raise(input: PartAlarmInput) {
      checkType(input.alarmType);
      checkTime(input.time);
      const tenantId = await env.store.fleet.tenantOfTerminal(input.terminalId);
      if (tenantId === undefined || tenantId !== input.tenantId) throw refuse(`终端 ${String(input.terminalId)} 不属于租户 ${String(input.tenantId)}`);
      if (!(await env.store.org.tenantPlatforms(tenantId)).has(owner.platformId)) throw refuse(`租户 ${tenantId} 未开通插件 ${owner.systemId}，不能为其产生告警`);
      const control = (await env.store.alarms.settings.controlsOfType(input.alarmType)).find((s) => s.tenantId === tenantId);
      if (control ? !control.enabled : !(alarmTypeInfo(input.alarmType)?.defaultEnabled ?? true)) return undefined;
      const row = await env.store.alarms.open({
        tenantId, terminalId: input.terminalId, alarmType: input.alarmType, source: 'platform', startTime: input.time,
        lon: input.lon ?? null, lat: input.lat ?? null, speed: input.speed ?? null, detail: input.detail ?? {},
      });
      if (row) env.alarms.announceRaised(row);
      return row;
    },
    async end(terminalId: number, alarmType: string, time: Date) {
      checkType(alarmType);
      checkTime(time);
      const row = await env.store.alarms.end(terminalId, alarmType, time);
      if (row) env.alarms.announceEnded(row);
      return row;
    },
  };
}
