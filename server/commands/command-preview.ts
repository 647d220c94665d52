import { describeCommandParams, type CommandPreview, type CommandPreviewTerminal, type CommandSkipCode } from '../../sdk/services/command-api';
import { MOVING_KMH, type PlannedTarget } from './command-plan';
import type { CommandDefinition } from './command-types';

/** Why a terminal is skipped, including a number the caller may not see. */
export type PreviewSkipCode = CommandSkipCode;

/** One terminal of a preview, and the preview (docs/api-contract.md `CommandPreview`): the SDK's wire types. */
export type { CommandPreview };
export type PreviewTerminal = CommandPreviewTerminal;

const NO_PERMISSION = '无权操作该终端或终端不存在';

/** The preview of a plan (planTargets) and of the numbers the caller may not see (`missing`). */
export function toPreview(def: CommandDefinition, params: Record<string, unknown>, plan: readonly PlannedTarget[], missing: readonly string[]): CommandPreview {
  const terminals: PreviewTerminal[] = [
    ...plan.map((p): PreviewTerminal => ({
      terminalNo: p.target.displayNo, plateNo: p.target.plateNo, model: p.target.model || null, online: p.target.connected,
      speed: p.speed, moving: p.moving, outcome: p.outcome, code: p.skip?.code ?? null, reason: p.skip?.text ?? null,
    })),
    ...missing.map((n): PreviewTerminal => ({
      terminalNo: n, plateNo: null, model: null, online: false, speed: null, moving: false, outcome: 'skip', code: 'noPermission', reason: NO_PERMISSION,
    })),
  ];
  const count = (test: (t: PreviewTerminal) => boolean) => terminals.filter(test).length;
  const skipped = { unsupported: 0, offline: 0, moving: 0, noPermission: 0 };
  for (const t of terminals) if (t.code) skipped[t.code]++;
  const action = describeCommandParams(def.type, params) || null;
  const what = action ?? def.name;
  const movingReceivers = count((t) => t.moving && t.outcome !== 'skip');
  const warnings: string[] = [];
  if (skipped.moving > 0) warnings.push(`${skipped.moving} 个行驶中（车速超过 ${MOVING_KMH} km/h），为安全不执行${what}，将跳过；停稳后再试`);
  if (movingReceivers > 0) {
    const forced = def.refusalWhileMoving?.({ ...params, force: undefined }, Infinity) !== undefined;
    warnings.push(forced
      ? `${movingReceivers} 个行驶中（车速超过 ${MOVING_KMH} km/h）仍将强制${what}：车辆可能在行驶中失去动力，请确认安全`
      : `${movingReceivers} 个行驶中（车速超过 ${MOVING_KMH} km/h），仍将执行${what}`);
  }
  return {
    commandType: def.type, commandName: def.name, dangerous: def.dangerous, action, movingKmh: MOVING_KMH,
    total: terminals.length,
    receivers: count((t) => t.outcome !== 'skip'),
    sendNow: count((t) => t.outcome === 'send'),
    queued: count((t) => t.outcome === 'queue'),
    moving: count((t) => t.moving),
    movingReceivers, skipped, warnings, terminals,
  };
}
