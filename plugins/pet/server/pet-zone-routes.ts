import { badInput, notFound, sessionRoute } from '../../../server/module';
import { PetApi, type SafeZone } from '../../../sdk/contracts/pet';
import type { BodyOf } from '../../../sdk/endpoint';
import { visiblePet } from './pet-routes';
import { petsOf } from './pet-services';
import { MAX_ZONES_PER_PET, PetResource, toZoneView, ZONE_MAX_RADIUS, ZONE_MIN_RADIUS } from './pet-rules';

export const zoneListRoute = sessionRoute.of(PetApi.zones, {
  resource: PetResource.zones,
  alsoResources: [PetResource.monitor],
  handler: async ({ query, deps, scope }): Promise<SafeZone[]> => {
    const pet = await visiblePet(deps, await scope(), query.vehicleId);
    return (await petsOf(deps).store.zones(pet.vehicleId)).map((z) => toZoneView(z, pet.vehicleId));
  },
});

type ZoneBody = BodyOf<typeof PetApi.zoneSave>;

/** The circle checked: centre on the earth, radius given and within range (Chinese 400 otherwise). */
function checkCircle(body: ZoneBody): { center: [number, number]; radius: number } {
  if (!body.center) throw badInput('请在地图上选择安全区域的圆心');
  const [lon, lat] = body.center;
  if (!(lon >= -180 && lon <= 180) || !(lat >= -90 && lat <= 90)) throw badInput('圆心超出范围：经度 -180 到 180，纬度 -90 到 90');
  if (body.radius === undefined || body.radius === null) throw badInput('半径不能为空');
  if (!(body.radius >= ZONE_MIN_RADIUS && body.radius <= ZONE_MAX_RADIUS)) throw badInput(`半径必须在 ${ZONE_MIN_RADIUS} 到 ${ZONE_MAX_RADIUS} 米之间`);
  return { center: [lon, lat], radius: Math.round(body.radius) };
}

export const zoneSaveRoute = sessionRoute.of(PetApi.zoneSave, {
  resource: PetResource.zones,
  handler: async ({ body, deps, scope, audit }): Promise<SafeZone> => {
    const pets = petsOf(deps).store;
    const s = await scope();
    const name = body.name.trim();
    if (!name) throw badInput('区域名称不能为空');
    const circle = checkCircle(body);
    const pet = await visiblePet(deps, s, body.vehicleId);
    const existing = body.id === undefined ? undefined : await pets.findZone(s, body.id);
    if (body.id !== undefined && (!existing || existing.pet.vehicleId !== pet.vehicleId)) throw notFound('安全区域不存在');
    if (await pets.zoneNameTaken(pet.vehicleId, name, existing?.zone.id)) throw badInput(`${pet.name} 已有名为 ${name} 的安全区域`);
    const now = deps.clock.now();
    let id: number;
    if (existing) {
      const z = existing.zone;
      const areaChanged = z.radius !== circle.radius || z.center?.[0] !== circle.center[0] || z.center?.[1] !== circle.center[1];
      await pets.updateZone(z.id, { name, ...circle }, now, areaChanged);
      id = z.id;
    } else {
      if ((await pets.zones(pet.vehicleId)).length >= MAX_ZONES_PER_PET) throw badInput(`每只宠物最多 ${MAX_ZONES_PER_PET} 个安全区域`);
      id = await pets.createZone(pet, { name, ...circle }, now);
    }
    const saved = (await pets.zones(pet.vehicleId)).find((z) => z.id === id)!;
    const view = toZoneView(saved, pet.vehicleId);
    await audit({
      action: existing ? '修改安全区域' : '新增安全区域', target: `宠物 ${pet.name} 安全区域 ${name}`,
      before: existing ? toZoneView(existing.zone, pet.vehicleId) : undefined, after: view, tenantId: pet.tenantId,
    });
    deps.fleet?.alarms.invalidate();
    return view;
  },
});

export const zoneDeleteRoute = sessionRoute.of(PetApi.zoneDelete, {
  resource: PetResource.zones,
  handler: async ({ body, deps, scope, audit }) => {
    const pets = petsOf(deps).store;
    const found = await pets.findZone(await scope(), body.id);
    if (!found) throw notFound('安全区域不存在');
    await pets.deleteZone(found.zone.id);
    await audit({ action: '删除安全区域', target: `宠物 ${found.pet.name} 安全区域 ${found.zone.name}`, before: toZoneView(found.zone, found.pet.vehicleId), tenantId: found.pet.tenantId });
    deps.fleet?.alarms.invalidate();
    return { deleted: 1 };
  },
});
