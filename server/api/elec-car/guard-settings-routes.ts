import {
  checkGuardSettings, DEFAULT_GUARD_SETTINGS, GUARD_SETTINGS_BUTTON_ID, GUARD_SETTINGS_PATH, GUARD_SETTINGS_SAVE_PATH,
  sensitivityName, type GuardSettings, type GuardSettingsView,
} from '../../../sdk/ebike-guard';
import { CommandStatus } from '../../commands/command-state';
import { commandDefinition } from '../../commands/command-types';
import { toCommandView } from '../../commands/command-view';
import type { CommandTarget } from '../../store/command-queries';
import type { SavedGuardSettings } from '../../store/guard-settings-queries';
import type { AccessScope } from '../../store/scope-queries';
import type { AppDeps } from '../app-deps';
import { resolveTargets } from '../command/command-targets';
import { badInput } from '../envelope';
import type { ApiArea } from '../route-registry';
import { sessionRoute } from '../route-definition';
import { int, object, requiredText } from '../schema-helpers';
import { notifyLive } from '../admin/asset-admin-rules';
import { toChinaIso } from '../../time/china-time';

/** 电动车卫士's 电动车监控 (menu 1802): where an e-bike's 防盗设置 are shown. */
const ELEC_CAR_MONITOR = 1802;
const PUSH = commandDefinition('vibrationSensitivity');

/** The caller's e-bike behind the terminal number (404 for another tenant's or an unknown one). */
async function ebikeOf(deps: AppDeps, scope: AccessScope, terminalNo: string): Promise<CommandTarget> {
  const [target] = await resolveTargets(deps, scope, [terminalNo]);
  if (target!.assetKind !== 'ebike') throw badInput(`终端 ${target!.displayNo} 未绑定电动车`);
  return target!;
}

async function viewOf(deps: AppDeps, scope: AccessScope, target: CommandTarget, saved: SavedGuardSettings | undefined): Promise<GuardSettingsView> {
  const refused = PUSH.unsupported(target);
  const batch = saved?.pushBatchId ? await deps.store.commands.page(scope, { batchId: saved.pushBatchId, offset: 0, limit: 1 }) : undefined;
  const command = batch?.list[0];
  return {
    terminalNo: target.displayNo,
    plateNo: target.plateNo,
    protocol: target.protocol ?? null,
    sensitivity: saved?.sensitivity ?? DEFAULT_GUARD_SETTINGS.sensitivity,
    windowSeconds: saved?.windowSeconds ?? DEFAULT_GUARD_SETTINGS.windowSeconds,
    saved: saved !== undefined,
    updateTime: saved ? toChinaIso(saved.updatedAt) : null,
    push: {
      supported: refused === undefined,
      reason: refused === undefined ? null : `${refused}，仅由平台按震动次数过滤`,
      command: command ? toCommandView(command) : null,
    },
  };
}

export const guardSettingsRoute = sessionRoute<{ terminalNo: string }>({
  method: 'GET',
  url: GUARD_SETTINGS_PATH,
  summary: '电动车防盗设置：震动灵敏度（1 低、2 中、3 高）、告警间隔（秒）、是否为默认值，以及设备是否支持下发灵敏度和最近一次下发的指令',
  resource: ELEC_CAR_MONITOR,
  schema: { querystring: object({ terminalNo: requiredText('终端号', 20) }, ['terminalNo']) },
  handler: async ({ query, deps, scope }) => {
    const s = await scope();
    const target = await ebikeOf(deps, s, query.terminalNo);
    return viewOf(deps, s, target, await deps.store.guard.get(target.terminalId));
  },
});

interface SaveBody {
  terminalNo: string;
  sensitivity: number;
  windowSeconds: number;
}

const describe = (g: GuardSettings) => `震动灵敏度 ${sensitivityName(g.sensitivity)}、告警间隔 ${g.windowSeconds} 秒`;

export const guardSettingsSaveRoute = sessionRoute<unknown, SaveBody>({
  method: 'POST',
  url: GUARD_SETTINGS_SAVE_PATH,
  summary: '保存电动车防盗设置（震动灵敏度 1–3、告警间隔 30–3600 秒）；GT06 防盗器的灵敏度变了（或上次下发失败、超时）时以指令下发，结果经 /ws 的 command 消息更新',
  resource: GUARD_SETTINGS_BUTTON_ID,
  schema: {
    body: object({ terminalNo: requiredText('终端号', 20), sensitivity: int('震动灵敏度'), windowSeconds: int('告警间隔') }, ['terminalNo', 'sensitivity', 'windowSeconds']),
  },
  handler: async ({ body, deps, user, scope, audit }) => {
    const checked = checkGuardSettings(body);
    if (!checked.ok) throw badInput(checked.msg);
    const settings = checked.settings;
    const s = await scope();
    const target = await ebikeOf(deps, s, body.terminalNo);
    const saved = await deps.store.guard.get(target.terminalId);
    const before = await viewOf(deps, s, target, saved);
    // the device is told its level when it changed, or when the last telling failed or timed out (one waiting for it stands)
    const last = before.push.command?.status;
    const told = saved?.sensitivity === settings.sensitivity && last !== undefined && last !== CommandStatus.Failed && last !== CommandStatus.TimedOut;
    let pushBatchId = saved?.pushBatchId ?? null;
    if (before.push.supported && !told) {
      const fleet = deps.fleet;
      if (!fleet) throw new Error('the command service is not running');
      const batch = await fleet.commands.submit({ targets: [target], commandType: PUSH.type, params: { level: settings.sensitivity }, user: { id: user.id, account: user.account } });
      pushBatchId = batch.batchId;
    }
    await deps.store.guard.save(target.terminalId, settings, user.id, deps.clock.now(), pushBatchId);
    // the alarm engine reads the device's settings again from its next position
    notifyLive(deps, [{ tenantId: target.tenantId, terminalId: target.terminalId }]);
    await audit({
      action: '防盗设置',
      target: `电动车 ${target.plateNo ?? target.displayNo} ${describe(settings)}`,
      before: { sensitivity: before.sensitivity, windowSeconds: before.windowSeconds },
      after: { ...settings, pushBatchId },
      tenantId: target.tenantId,
    });
    return viewOf(deps, s, target, await deps.store.guard.get(target.terminalId));
  },
});

/** 电动车卫士: 防盗设置 of an e-bike's guard. */
export const elecCarArea: ApiArea = { name: 'elec-car', routes: [guardSettingsRoute, guardSettingsSaveRoute] };
