import { verifyPassword } from '../../auth/password-hasher';
import { OFFLINE_NOT_QUEUED, OFFLINE_QUEUED } from '../../commands/command-plan';
import { badInput } from '../envelope';
import { sessionRoute } from '../route-definition';
import { CommandApi } from '../../../sdk/contracts/command';
import {
  COMMAND_SEND, commandFor, parseParams, requireDangerousRight, resolveTargets,
} from './command-targets';

export const checkCommandTerminalsRoute = sessionRoute.of(CommandApi.check, {
  resource: COMMAND_SEND,
  handler: async ({ body, deps, user, scope }) => {
    const def = await commandFor(deps, user, body.commandType);
    const targets = await resolveTargets(deps, await scope(), body.terminalNos);
    return targets.map((t) => {
      const unsupported = def.unsupported(t);
      const reason = unsupported ?? (t.connected ? null : def.dangerous ? OFFLINE_NOT_QUEUED : OFFLINE_QUEUED);
      return {
        terminalNo: t.displayNo, plateNo: t.plateNo, model: t.model, online: t.connected, supported: unsupported === undefined,
        canSend: reason === null, reason,
      };
    });
  },
});

export const sendCommandsRoute = sessionRoute.of(CommandApi.send, {
  resource: COMMAND_SEND,
  handler: async ({ body, deps, user, scope, audit }) => {
    const def = await commandFor(deps, user, body.commandType);
    const params = parseParams(def, body.params);
    const targets = await resolveTargets(deps, await scope(), body.terminalNos);
    const refused = targets.find((t) => def.unsupported(t, params));
    if (refused) throw badInput(`终端 ${refused.displayNo} ${def.unsupported(refused, params)}`);
    await requireDangerousRight(deps, user, def);
    if (def.dangerous) {
      if (!body.password) throw badInput('请输入登录密码');
      if (!(await verifyPassword(body.password, user.passwordHash))) throw badInput('密码错误');
    }
    const fleet = deps.fleet;
    if (!fleet) throw new Error('the command service is not running');
    // a dangerous command happens while the operator watches, or not: never queued for later
    const batch = await fleet.commands.submit({ targets, commandType: def.type, params, user: { id: user.id, account: user.account }, queueOffline: !def.dangerous });
    const numbers = targets.map((t) => t.displayNo);
    await audit({
      action: '下发指令',
      target: `${def.name} ${numbers.length > 3 ? `${numbers.slice(0, 3).join('、')} 等 ${numbers.length} 个终端` : numbers.join('、')}`,
      after: { batchId: batch.batchId, commandType: def.type, params, terminalNos: numbers },
    });
    return batch;
  },
});
