/** 宠物守护's API: the contracts and wire types of sdk/contracts/pet.ts. */
export { PetApi, ZONE_MAX_RADIUS, ZONE_MIN_RADIUS, type Pet, type PetAction, type PetActionAnswer, type SafeZone } from '@tianlu/sdk';

/** Menus and buttons of 宠物守护. */
export const PetMenu = { monitor: 1302, find: 130201, zones: 1303, profiles: 1304 } as const;


/** The pets 安全区域 lists to choose from (matching `keyword`), one page of 50. */
export const zonePetsQuery = (keyword = '') => ({ current: 1, pageSize: 50, ...(keyword && { keyword }) });
