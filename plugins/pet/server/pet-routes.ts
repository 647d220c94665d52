import {
  badInput, chinaToday, commandDefinition, kindsWithFullPhones, MASKED_FOR_ALL, notFound, notifyLive, pageOffset, sessionRoute, shownProfile,
  type AccessScope, type AppDeps, type Caller,
} from '../../../server/module';
import { checkAssetProfile, editedProfileInput } from '../../../sdk/asset-kinds';
import { PetApi, type Pet, type PetAction } from '../../../sdk/contracts/pet';
import type { CommandType } from '../../../sdk/services/command-api';
import type { PetRecord } from './pet-queries';
import { PetResource, toPetView } from './pet-rules';
import { petsOf } from './pet-services';

/** The pet when the caller may see it (404 otherwise: another tenant's is as good as absent). */
export async function visiblePet(deps: AppDeps, scope: AccessScope, vehicleId: number): Promise<PetRecord> {
  const pet = await petsOf(deps).store.find(scope, vehicleId);
  if (!pet) throw notFound('宠物不存在');
  return pet;
}

async function views(ctx: Caller, pets: readonly PetRecord[]): Promise<Pet[]> {
  const counts = await petsOf(ctx.deps).store.zoneCounts(pets.map((p) => p.vehicleId));
  const fullPhones = await kindsWithFullPhones(ctx);
  return pets.map((p) => toPetView(p, counts.get(p.vehicleId) ?? 0, fullPhones));
}

export const petListRoute = sessionRoute.of(PetApi.list, {
  resource: PetResource.monitor,
  alsoResources: [PetResource.zones, PetResource.profile],
  handler: async (ctx) => {
    const { query, deps, scope } = ctx;
    const page = await petsOf(deps).store.page(await scope(), { ...pageOffset(query), keyword: query.keyword?.trim() || undefined });
    return { total: page.total, list: await views(ctx, page.list) };
  },
});

/** 寻宠 actions and the command each sends (mapped per protocol by the command types). */
const ACTIONS: Record<PetAction, { commandType: CommandType; label: string }> = {
  locate: { commandType: 'locate', label: '立即定位' },
  ring: { commandType: 'findDevice', label: '响铃寻宠' },
  light: { commandType: 'light', label: '开关灯' },
  lostMode: { commandType: 'lostMode', label: '寻宠模式' },
};

export const petActionRoute = sessionRoute.of(PetApi.action, {
  resource: PetResource.find,
  handler: async (ctx) => {
    const { body, deps, user, scope, audit } = ctx;
    const pets = petsOf(deps).store;
    const s = await scope();
    const pet = await visiblePet(deps, s, body.vehicleId);
    if (!pet.terminalNo) throw badInput(`宠物 ${pet.name} 未绑定项圈`);
    const action = ACTIONS[body.action]!;
    const def = commandDefinition(action.commandType);
    const on = body.on ?? true;
    const params = body.action === 'light' || body.action === 'lostMode' ? { action: on ? 'on' : 'off' } : {};
    const [target] = await deps.store.commands.targets(s, [pet.terminalNo]);
    if (!target) throw notFound('宠物不存在');
    const refused = def.unsupported(target);
    if (refused) throw badInput(`宠物 ${pet.name} 的项圈${refused.replace(/^该终端/, '')}`);
    const fleet = deps.fleet;
    if (!fleet) throw new Error('the command service is not running');
    const batch = await fleet.commands.submit({ targets: [target], commandType: def.type, params, user: { id: user.id, account: user.account } });
    if (body.action === 'lostMode') await pets.setLostMode(pet.vehicleId, on, user.id, deps.clock.now());
    const detail = body.action === 'light' || body.action === 'lostMode' ? (on ? '开启' : '关闭') : '';
    await audit({ action: '寻宠', target: `宠物 ${pet.name} ${action.label}${detail}`, after: { batchId: batch.batchId, commandType: def.type, params }, tenantId: pet.tenantId });
    const after = (await pets.find(s, pet.vehicleId))!;
    return { ...batch, pet: (await views(ctx, [after]))[0] };
  },
});

export const petProfileSaveRoute = sessionRoute.of(PetApi.profile, {
  resource: PetResource.profile,
  handler: async (ctx) => {
    const { body, deps, scope, audit } = ctx;
    const pets = petsOf(deps).store;
    const s = await scope();
    const pet = await visiblePet(deps, s, body.vehicleId);
    const name = body.name.trim();
    if (!name) throw badInput('宠物名不能为空');
    const { profile, errors } = checkAssetProfile('pet', editedProfileInput('pet', pet.profile, body.profile), chinaToday(deps.clock.now()));
    if (errors.length) throw badInput(errors[0]!);
    if (await pets.nameTaken(pet.tenantId, name, pet.vehicleId)) throw badInput('宠物名已存在');
    await pets.updateProfile(pet.vehicleId, name, profile);
    const after = (await pets.find(s, pet.vehicleId))!;
    await audit({ action: '编辑宠物档案', target: `宠物 ${name}`, before: { name: pet.name, profile: shownProfile('pet', pet.profile, MASKED_FOR_ALL) }, after: { name, profile: shownProfile('pet', profile, MASKED_FOR_ALL) }, tenantId: pet.tenantId });
    if (pet.terminalNo && name !== pet.name) {
      const [t] = await deps.store.commands.targets(s, [pet.terminalNo]);
      if (t) notifyLive(deps, [{ tenantId: pet.tenantId, terminalId: t.terminalId }]);
    }
    return (await views(ctx, [after]))[0];
  },
});
