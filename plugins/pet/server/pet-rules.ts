import { shownProfile, toChinaIso, type FenceRecord } from '../../../server/module';
import type { Pet, SafeZone } from '../../../sdk/contracts/pet';
import { declaredMenuPage, type DeclaredMenuPage } from '../../../sdk/plugin-declaration';
import { petDeclaration } from '../pet-declaration';
import type { PetRecord } from './pet-queries';

/** A page of 宠物守护 with its menu and buttons, as pet-declaration.ts declares it. */
const declaredPage = (path: string) => declaredMenuPage(petDeclaration, path);

function declaredButton(page: DeclaredMenuPage, name: string): number {
  const button = page.buttons.find((b) => b.name === name);
  if (!button) throw new Error(`pet-declaration.ts declares no button ${name} on ${page.path}`);
  return button.id;
}

const monitorPage = declaredPage('/pet/monitor');

/** 宠物守护 menus and buttons the routes check, read from its declaration (written once there). */
export const PetResource = {
  /** 宠物定位: the cards and the map. */
  monitor: monitorPage.menuId,
  /** 寻宠 button of 宠物定位: locate now, ring, light, 寻宠模式. */
  find: declaredButton(monitorPage, '寻宠'),
  /** 安全区域. */
  zones: declaredPage('/pet/zones').menuId,
  /** 宠物档案. */
  profile: declaredPage('/pet/profiles').menuId,
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
