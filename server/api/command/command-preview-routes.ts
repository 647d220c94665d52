import { planTargets } from '../../commands/command-plan';
import { toPreview } from '../../commands/command-preview';
import { COMMAND_TYPES, commandDefinition } from '../../commands/command-types';
import { contributedCommandTypes, contributedDefinition } from '../../commands/contributed-commands';
import { sessionRoute } from '../route-definition';
import { CommandApi } from '../../../sdk/contracts/command';
import {
  COMMAND_SEND, commandFor, findTargets, grantedPlatforms, mayUseDangerous, mayUseType, parseParams, requireDangerousRight, resolveTargets,
} from './command-targets';

export const availableCommandsRoute = sessionRoute.of(CommandApi.available, {
  resource: COMMAND_SEND,
  handler: async ({ body, deps, user, scope }) => {
    const targets = await resolveTargets(deps, await scope(), body.terminalNos);
    const dangerousAllowed = await mayUseDangerous(deps, user);
    const granted = await grantedPlatforms(deps, user);
    // the platform's types, then those the sub-applications the caller's role is granted contribute
    const contributed = contributedCommandTypes().map((c) => contributedDefinition(c.type.code)!);
    return [...COMMAND_TYPES.map(commandDefinition), ...contributed]
      .filter((d) => d.offered && (!d.dangerous || dangerousAllowed) && mayUseType(d, granted))
      .map((d) => ({
        commandType: d.type, commandName: d.name, dangerous: d.dangerous, supported: targets.filter((t) => !d.unsupported(t)).length, total: targets.length,
        ...(d.contributedBy && { params: d.contributedBy.type.params ?? [], contributedBy: d.contributedBy.title }),
      }))
      .filter((c) => c.supported > 0);
  },
});

export const previewCommandsRoute = sessionRoute.of(CommandApi.preview, {
  resource: COMMAND_SEND,
  handler: async ({ body, deps, user, scope }) => {
    const def = await commandFor(deps, user, body.commandType);
    const params = parseParams(def, body.params);
    await requireDangerousRight(deps, user, def);
    const { targets, missing } = await findTargets(deps, await scope(), body.terminalNos);
    const motion = await deps.store.commands.latestMotion(targets.map((t) => t.terminalId));
    // the send plans the same way (CommandService.submit), so these figures are what it does
    const plan = planTargets(def, params, targets, motion, { now: deps.clock.now(), queueOffline: !def.dangerous });
    return toPreview(def, params, plan, missing);
  },
});
