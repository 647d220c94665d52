/** 宠物守护's API: the contracts and wire types of sdk/contracts/pet.ts. */
import { HttpService, MonitorApi, PetApi, prefetchFirstRow, type Pet, type ServiceGetter } from '@tianlu/sdk';

export { PetApi, ZONE_MAX_RADIUS, ZONE_MIN_RADIUS, type Pet, type PetAction, type PetActionAnswer, type SafeZone } from '@tianlu/sdk';

/** Menus and buttons of 宠物守护. */
export const PetMenu = { monitor: 1302, find: 130201, zones: 1303, profiles: 1304 } as const;


/** The pets 安全区域 lists to choose from (matching `keyword`), one page of 50. */
export const zonePetsQuery = (keyword = '') => ({ current: 1, pageSize: 50, ...(keyword && { keyword }) });

/** The monitor's query for one pet's latest position (安全区域 centres a new zone on it). */
export const petPositionQuery = (terminalNo: string) => ({ assetKind: 'pet' as const, keyword: terminalNo, current: 1, pageSize: 5 });

/** What 安全区域 asks once `pet` is chosen: its zones, and its position. */
export function askZonesAhead(http: HttpService, pet: Pick<Pet, 'vehicleId' | 'terminalNo'>): void {
  void http.prefetch(PetApi.zones, { vehicleId: pet.vehicleId }).catch(() => undefined);
  if (pet.terminalNo) void http.prefetch(MonitorApi.list, petPositionQuery(pet.terminalNo)).catch(() => undefined);
}

/**
 * For 安全区域's route: asks the pets the page lists and, as they arrive, the first one's zones and
 * position, which the page then takes as it opens on that pet; opened again in the session, those
 * of the pet first the last time beside the list.
 */
export function prefetchZones(get: ServiceGetter): void {
  prefetchFirstRow(get, {
    key: 'pet-zones',
    list: (http) => http.prefetch(PetApi.list, zonePetsQuery()),
    first: (answer): Pick<Pet, 'vehicleId' | 'terminalNo'> | undefined => {
      const pet = answer.list[0];
      return pet && { vehicleId: pet.vehicleId, terminalNo: pet.terminalNo };
    },
    ahead: askZonesAhead,
    same: (a, b) => a.vehicleId === b.vehicleId && a.terminalNo === b.terminalNo,
  });
}
