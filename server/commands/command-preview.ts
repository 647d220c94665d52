import { commandNameFor, listWords } from '../../sdk/asset-vocabulary';
import { describeCommandParams, type CommandPreview, type CommandPreviewTerminal, type CommandSkipCode } from '../../sdk/services/command-api';
import { MOVING_KMH, type PlannedTarget } from './command-plan';
import type { CommandDefinition } from './command-types';

/** Why a terminal is skipped, including a number the caller may not see. */
export type PreviewSkipCode = CommandSkipCode;

/** One terminal of a preview, and the preview (docs/api-contract.md `CommandPreview`): the SDK's wire types. */
export type { CommandPreview };
export type PreviewTerminal = CommandPreviewTerminal;

const NO_PERMISSION = '无权操作该终端或终端不存在';

/**
 * The preview of a plan (planTargets) and of the numbers the caller may not see (`missing`), in the
 * words of the assets: the command and its action as the kind of those that can take it calls them
 * (an e-bike's 断电/恢复供电, 断电), each warning about moving assets as their kind says it (行驶中,
 * 骑行中; 移动中 when they mix). A terminal without an asset speaks as a vehicle.
 */
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
  // the command as the assets that can take it call it; each warning in the words of the assets it is about
  const applies = listWords(plan.filter((p) => p.skip?.code !== 'unsupported').map((p) => p.target.assetKind));
  const commandName = commandNameFor(applies.kind, def.type, def.name);
  const action = describeCommandParams(def.type, params, applies.kind) || null;
  const movingWords = (of: readonly PlannedTarget[]) => {
    const words = listWords(of.map((p) => p.target.assetKind));
    return {
      what: describeCommandParams(def.type, params, words.kind) || commandNameFor(words.kind, def.type, def.name),
      moving: `${words.moving}中`, faster: `${words.speed}超过 ${MOVING_KMH} km/h`, noun: words.noun,
    };
  };
  const movingSkipped = plan.filter((p) => p.skip?.code === 'moving');
  const movingReceived = plan.filter((p) => p.moving && p.outcome !== 'skip');
  const movingReceivers = movingReceived.length;
  const warnings: string[] = [];
  if (skipped.moving > 0) {
    const w = movingWords(movingSkipped);
    warnings.push(`${skipped.moving} 个${w.moving}（${w.faster}），为安全不执行${w.what}，将跳过；停稳后再试`);
  }
  if (movingReceivers > 0) {
    const w = movingWords(movingReceived);
    const forced = def.refusalWhileMoving?.({ ...params, force: undefined }, Infinity) !== undefined;
    warnings.push(forced
      ? `${movingReceivers} 个${w.moving}（${w.faster}）仍将强制${w.what}：${w.noun}可能在${w.moving}失去动力，请确认安全`
      : `${movingReceivers} 个${w.moving}（${w.faster}），仍将执行${w.what}`);
  }
  return {
    commandType: def.type, commandName, dangerous: def.dangerous, action, movingKmh: MOVING_KMH,
    total: terminals.length,
    receivers: count((t) => t.outcome !== 'skip'),
    sendNow: count((t) => t.outcome === 'send'),
    queued: count((t) => t.outcome === 'queue'),
    moving: count((t) => t.moving),
    movingReceivers, skipped, warnings, terminals,
  };
}
