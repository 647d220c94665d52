import type { Command } from '@tianlu/sdk';

/** 宠物守护's API (docs/api-contract.md "宠物守护"). */
export const PetPaths = {
  list: '/car/v4/api/pet/list.json',
  action: '/car/v4/api/pet/action.json',
  profile: '/car/v4/api/pet/profile/save.json',
  zones: '/car/v4/api/pet/zone/list.json',
  zoneSave: '/car/v4/api/pet/zone/save.json',
  zoneDelete: '/car/v4/api/pet/zone/delete.json',
} as const;

/** Menus and buttons of 宠物守护. */
export const PetMenu = { monitor: 1302, find: 130201, zones: 1303, profiles: 1304 } as const;

/** A pet of list.json. */
export interface Pet {
  vehicleId: number;
  name: string;
  groupName: string | null;
  terminalNo: string | null;
  protocol: string | null;
  profile: Record<string, string | number>;
  /** 寻宠模式 on since, or null. */
  lostSince: string | null;
  zoneCount: number;
}

/** A 安全区域 (WGS84 centre, metres). */
export interface SafeZone {
  id: number;
  vehicleId: number;
  name: string;
  center: [number, number];
  radius: number;
  createTime: string;
}

export type PetAction = 'locate' | 'ring' | 'light' | 'lostMode';

/** What action.json answers: the command batch and the pet as it is now. */
export interface PetActionAnswer {
  batchId: string;
  commands: Command[];
  pet: Pet;
}

/** A zone's radius range, metres (the server checks it too). */
export const ZONE_MIN_RADIUS = 20;
export const ZONE_MAX_RADIUS = 5000;
