import { checkAssetProfile, editedProfileInput } from '../../../sdk/asset-kinds';
import { commandDefinition, type CommandType } from '../../commands/command-types';
import type { PetRecord } from '../../store/pet-queries';
import type { AccessScope } from '../../store/scope-queries';
import type { AppDeps } from '../app-deps';
import { badInput, notFound } from '../envelope';
import { sessionRoute } from '../route-definition';
import { int, object, pageOffset, pagingProperties, text } from '../schema-helpers';
import { chinaToday, kindsWithFullPhones, notifyLive, type Caller } from '../system/asset-admin-rules';
import { MASKED_FOR_ALL, shownProfile } from '../system/asset-contact-phones';
import { PET_API, PetResource, toPetView, type PetView } from './pet-rules';

/** The pet when the caller may see it (404 otherwise: another tenant's is as good as absent). */
export async function petOf(deps: AppDeps, scope: AccessScope, vehicleId: number): Promise<PetRecord> {
  const pet = await deps.store.pets.find(scope, vehicleId);
  if (!pet) throw notFound('宠物不存在');
  return pet;
}

async function views(ctx: Caller, pets: readonly PetRecord[]): Promise<PetView[]> {
  const counts = await ctx.deps.store.pets.zoneCounts(pets.map((p) => p.vehicleId));
  const fullPhones = await kindsWithFullPhones(ctx);
  return pets.map((p) => toPetView(p, counts.get(p.vehicleId) ?? 0, fullPhones));
}

export const petListRoute = sessionRoute<{ current: number; pageSize: number; keyword?: string }>({
  method: 'GET',
  url: `${PET_API}/list.json`,
  summary: '宠物列表（宠物卡片：名字、照片等档案、终端、寻宠模式、安全区域数），按名字排序、分页；keyword 查名字或终端号',
  resource: PetResource.monitor,
  alsoResources: [PetResource.zones, PetResource.profile],
  schema: { querystring: object({ ...pagingProperties, keyword: text('关键字', 50) }) },
  handler: async (ctx) => {
    const { query, deps, scope } = ctx;
    const page = await deps.store.pets.page(await scope(), { ...pageOffset(query), keyword: query.keyword?.trim() || undefined });
    return { total: page.total, list: await views(ctx, page.list) };
  },
});

/** 寻宠 actions and the command each sends (mapped per protocol by the command types). */
const ACTIONS: Record<string, { commandType: CommandType; label: string }> = {
  locate: { commandType: 'locate', label: '立即定位' },
  ring: { commandType: 'findDevice', label: '响铃寻宠' },
  light: { commandType: 'light', label: '开关灯' },
  lostMode: { commandType: 'lostMode', label: '寻宠模式' },
};

interface ActionBody {
  vehicleId: number;
  action: keyof typeof ACTIONS;
  /** light and lostMode: on (default) or off. */
  on?: boolean;
}

export const petActionRoute = sessionRoute<unknown, ActionBody>({
  method: 'POST',
  url: `${PET_API}/action.json`,
  summary: '寻宠：locate 立即定位、ring 响铃（蜂鸣）、light 开关灯、lostMode 寻宠模式（on：每 10 秒上报，直到关闭）；答复指令批次，结果经 /ws 的 command 消息更新',
  resource: PetResource.find,
  schema: {
    body: object(
      { vehicleId: int('宠物', 1), action: { type: 'string', title: '寻宠操作', enum: Object.keys(ACTIONS) }, on: { type: 'boolean', title: '开关' } },
      ['vehicleId', 'action'],
    ),
  },
  handler: async (ctx) => {
    const { body, deps, user, scope, audit } = ctx;
    const s = await scope();
    const pet = await petOf(deps, s, body.vehicleId);
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
    if (body.action === 'lostMode') await deps.store.pets.setLostMode(pet.vehicleId, on, user.id, deps.clock.now());
    const detail = body.action === 'light' || body.action === 'lostMode' ? (on ? '开启' : '关闭') : '';
    await audit({ action: '寻宠', target: `宠物 ${pet.name} ${action.label}${detail}`, after: { batchId: batch.batchId, commandType: def.type, params }, tenantId: pet.tenantId });
    const after = (await deps.store.pets.find(s, pet.vehicleId))!;
    return { ...batch, pet: (await views(ctx, [after]))[0] };
  },
});

interface ProfileBody {
  vehicleId: number;
  name: string;
  profile?: Record<string, unknown>;
}

export const petProfileSaveRoute = sessionRoute<unknown, ProfileBody>({
  method: 'POST',
  url: `${PET_API}/profile/save.json`,
  summary: '保存宠物档案：名字、种类、品种、性别、生日、照片（media/upload.json 的地址）、主人手机号；profile 未带的字段保持原值，null 或空串清空该字段',
  resource: PetResource.profile,
  schema: {
    body: object(
      {
        vehicleId: int('宠物', 1),
        name: text('宠物名', 20),
        profile: {
          type: 'object', title: '宠物档案', maxProperties: 20,
          additionalProperties: { anyOf: [{ type: 'string', maxLength: 200 }, { type: 'number' }, { type: 'null' }] },
        },
      },
      ['vehicleId', 'name'],
    ),
  },
  handler: async (ctx) => {
    const { body, deps, scope, audit } = ctx;
    const s = await scope();
    const pet = await petOf(deps, s, body.vehicleId);
    const name = body.name.trim();
    if (!name) throw badInput('宠物名不能为空');
    const { profile, errors } = checkAssetProfile('pet', editedProfileInput('pet', pet.profile, body.profile), chinaToday(deps.clock.now()));
    if (errors.length) throw badInput(errors[0]!);
    if (await deps.store.pets.nameTaken(pet.tenantId, name, pet.vehicleId)) throw badInput('宠物名已存在');
    await deps.store.pets.updateProfile(pet.vehicleId, name, profile);
    const after = (await deps.store.pets.find(s, pet.vehicleId))!;
    await audit({ action: '编辑宠物档案', target: `宠物 ${name}`, before: { name: pet.name, profile: shownProfile('pet', pet.profile, MASKED_FOR_ALL) }, after: { name, profile: shownProfile('pet', profile, MASKED_FOR_ALL) }, tenantId: pet.tenantId });
    if (pet.terminalNo && name !== pet.name) {
      const [t] = await deps.store.commands.targets(s, [pet.terminalNo]);
      if (t) notifyLive(deps, [{ tenantId: pet.tenantId, terminalId: t.terminalId }]);
    }
    return (await views(ctx, [after]))[0];
  },
});
