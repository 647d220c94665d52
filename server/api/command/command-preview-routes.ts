import { planTargets } from '../../commands/command-plan';
import { toPreview } from '../../commands/command-preview';
import { COMMAND_TYPES, commandDefinition, type CommandType } from '../../commands/command-types';
import { sessionRoute } from '../route-definition';
import { object } from '../schema-helpers';
import {
  COMMAND_SEND, commandTypeSchema, findTargets, mayUseDangerous, parseParams, requireDangerousRight, resolveTargets, terminalNosSchema,
} from './command-targets';

export const availableCommandsRoute = sessionRoute<unknown, { terminalNos: string[] }>({
  method: 'POST',
  url: '/car/v1/api/command/availableCommands.json',
  summary: '所选终端可下发的指令：至少一个终端的型号支持、且调用者有权下发的指令类型，各有几个终端支持',
  resource: COMMAND_SEND,
  schema: { body: object({ terminalNos: terminalNosSchema }, ['terminalNos']) },
  handler: async ({ body, deps, user, scope }) => {
    const targets = await resolveTargets(deps, await scope(), body.terminalNos);
    const dangerousAllowed = await mayUseDangerous(deps, user);
    return COMMAND_TYPES.map(commandDefinition)
      .filter((d) => d.offered && (!d.dangerous || dangerousAllowed))
      .map((d) => ({
        commandType: d.type, commandName: d.name, dangerous: d.dangerous, supported: targets.filter((t) => !d.unsupported(t)).length, total: targets.length,
      }))
      .filter((c) => c.supported > 0);
  },
});

interface PreviewBody {
  terminalNos: string[];
  commandType: CommandType;
  params?: Record<string, unknown>;
}

export const previewCommandsRoute = sessionRoute<unknown, PreviewBody>({
  method: 'POST',
  url: '/car/v1/api/command/previewCommandDownBatch.json',
  summary: '下发预览（只读，不下发）：将收到指令的终端数、行驶中的数量、跳过的终端及原因（型号不支持、离线、行驶中、无权限）',
  resource: COMMAND_SEND,
  schema: { body: object({ terminalNos: terminalNosSchema, commandType: commandTypeSchema, params: { type: 'object', title: '指令参数' } }, ['terminalNos', 'commandType']) },
  handler: async ({ body, deps, user, scope }) => {
    const def = commandDefinition(body.commandType);
    const params = parseParams(def, body.params);
    await requireDangerousRight(deps, user, def);
    const { targets, missing } = await findTargets(deps, await scope(), body.terminalNos);
    const motion = await deps.store.commands.latestMotion(targets.map((t) => t.terminalId));
    // the send plans the same way (CommandService.submit), so these figures are what it does
    const plan = planTargets(def, params, targets, motion, { now: deps.clock.now(), queueOffline: !def.dangerous });
    return toPreview(def, params, plan, missing);
  },
});
