import {
  badInput, CommandStatus, commandDefinition, notifyLive, resolveTargets, sessionRoute, toChinaIso, toCommandView,
  type AccessScope, type ApiArea, type AppDeps, type CommandTarget,
} from '../../../server/module';
import { ElecCarApi } from '../../../sdk/contracts/elec-car';
import { checkGuardSettings, DEFAULT_GUARD_SETTINGS, GUARD_SETTINGS_BUTTON_ID, sensitivityName, type GuardSettings, type GuardSettingsView } from '../../../sdk/ebike-guard';
import { guardOf } from './elec-car-services';
import type { SavedGuardSettings } from './guard-settings-queries';

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

export const guardSettingsRoute = sessionRoute.of(ElecCarApi.guardSettings, {
  resource: ELEC_CAR_MONITOR,
  handler: async ({ query, deps, scope }) => {
    const s = await scope();
    const target = await ebikeOf(deps, s, query.terminalNo);
    return viewOf(deps, s, target, await guardOf(deps).store.get(target.terminalId));
  },
});

const describe = (g: GuardSettings) => `震动灵敏度 ${sensitivityName(g.sensitivity)}、告警间隔 ${g.windowSeconds} 秒`;

export const guardSettingsSaveRoute = sessionRoute.of(ElecCarApi.guardSave, {
  resource: GUARD_SETTINGS_BUTTON_ID,
  handler: async ({ body, deps, user, scope, audit }) => {
    const checked = checkGuardSettings(body);
    if (!checked.ok) throw badInput(checked.msg);
    const settings = checked.settings;
    const guard = guardOf(deps).store;
    const s = await scope();
    const target = await ebikeOf(deps, s, body.terminalNo);
    const saved = await guard.get(target.terminalId);
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
    await guard.save(target.terminalId, settings, user.id, deps.clock.now(), pushBatchId);
    // the alarm engine reads the device's settings again from its next position
    notifyLive(deps, [{ tenantId: target.tenantId, terminalId: target.terminalId }]);
    await audit({
      action: '防盗设置',
      target: `电动车 ${target.plateNo ?? target.displayNo} ${describe(settings)}`,
      before: { sensitivity: before.sensitivity, windowSeconds: before.windowSeconds },
      after: { ...settings, pushBatchId },
      tenantId: target.tenantId,
    });
    return viewOf(deps, s, target, await guard.get(target.terminalId));
  },
});

/** 电动车卫士: 防盗设置 of an e-bike's guard. */
export const elecCarArea: ApiArea = { name: 'elec-car', routes: [guardSettingsRoute, guardSettingsSaveRoute] };
