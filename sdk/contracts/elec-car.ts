import { defineEndpoint } from '../endpoint';
import type { GuardSettingsView } from '../ebike-guard';
import { int, object, requiredText } from '../json-schema';

/** 电动车卫士's API (docs/api-contract.md "电动车卫士"). */
const ELEC_CAR_API = '/car/v4/api/elec-car';

/** What 防盗设置's save sends: the e-bike's terminal and its settings (checked with `checkGuardSettings`). */
export interface GuardSettingsBody {
  terminalNo: string;
  sensitivity: number;
  windowSeconds: number;
}

/**
 * 电动车卫士's own calls: an e-bike guard's 防盗设置. Its 电池曲线 reads `MonitorApi.battery` and its
 * 骑行记录 `MonitorApi.trips`, the platform's track calls.
 */
export const ElecCarApi = {
  guardSettings: defineEndpoint<{ terminalNo: string }, undefined, GuardSettingsView>({
    method: 'GET',
    path: `${ELEC_CAR_API}/guard/settings.json`,
    summary: '电动车防盗设置：震动灵敏度（1 低、2 中、3 高）、告警间隔（秒）、是否为默认值，以及设备是否支持下发灵敏度和最近一次下发的指令',
    query: object({ terminalNo: requiredText('终端号', 20) }, ['terminalNo']),
  }),
  guardSave: defineEndpoint<Record<string, never>, GuardSettingsBody, GuardSettingsView>({
    method: 'POST',
    path: `${ELEC_CAR_API}/guard/save.json`,
    summary: '保存电动车防盗设置（震动灵敏度 1–3、告警间隔 30–3600 秒）；GT06 防盗器的灵敏度变了（或上次下发失败、超时）时以指令下发，结果经 /ws 的 command 消息更新',
    body: object({ terminalNo: requiredText('终端号', 20), sensitivity: int('震动灵敏度'), windowSeconds: int('告警间隔') }, ['terminalNo', 'sensitivity', 'windowSeconds']),
  }),
};
