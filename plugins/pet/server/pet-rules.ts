import { shownProfile, toChinaIso, type FenceRecord } from '../../../server/module';
import type { Pet, SafeZone } from '../../../sdk/contracts/pet';
import type { PetRecord } from './pet-queries';

/** 宠物守护 menus and buttons (docs/api-contract.md "宠物守护"). */
export const PetResource = {
  /** 宠物定位: the cards and the map. */
  monitor: 1302,
  /** 寻宠 button of 宠物定位: locate now, ring, light, 寻宠模式. */
  find: 130201,
  /** 安全区域. */
  zones: 1303,
  /** 宠物档案. */
  profile: 1304,
} as const;

export { MAX_ZONES_PER_PET, ZONE_MAX_RADIUS, ZONE_MIN_RADIUS } from '../../../sdk/contracts/pet';

/** The pet as the console gets it, for a caller who sees `fullPhones` kinds' phones in full (主人手机号 masked otherwise). */
export function toPetView(p: PetRecord, zoneCount: number, fullPhones: ReadonlySet<string>): Pet {
  return {
    vehicleId: p.vehicleId,
    name: p.name,
    groupName: p.groupName,
    terminalNo: p.displayNo,
    protocol: p.protocol,
    profile: shownProfile('pet', p.profile, fullPhones),
    lostSince: p.lostSince ? toChinaIso(p.lostSince) : null,
    zoneCount,
  };
}

/** A 安全区域 as the console gets it (WGS84). */
export function toZoneView(z: FenceRecord, vehicleId: number): SafeZone {
  return { id: z.id, vehicleId, name: z.name, center: z.center ?? [0, 0], radius: z.radius ?? 0, createTime: toChinaIso(z.createTime) };
}
