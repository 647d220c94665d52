import { defineEndpoint } from '../endpoint';
import { int, object, pagingProperties, text } from '../json-schema';
import type { Command } from '../services/command-api';

/** 宠物守护's API (docs/api-contract.md "宠物守护"). */
const PET_API = '/car/v4/api/pet';

/** A zone's radius range, metres (from a flat to a large park). */
export const ZONE_MIN_RADIUS = 20;
export const ZONE_MAX_RADIUS = 5000;
/** Zones one pet may have. */
export const MAX_ZONES_PER_PET = 10;

/** A pet of list.json. */
export interface Pet {
  vehicleId: number;
  name: string;
  groupName: string | null;
  terminalNo: string | null;
  protocol: string | null;
  profile: Record<string, string | number>;
  /** 寻宠模式 on since (ISO 8601 with offset), or null. */
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

const lonLat = { type: 'array', title: '圆心', minItems: 2, maxItems: 2, items: { type: 'number', title: '圆心' } };

export const PetApi = {
  list: defineEndpoint<{ current: number; pageSize: number; keyword?: string }, undefined, { total: number; list: Pet[] }>({
    method: 'GET',
    path: `${PET_API}/list.json`,
    summary: '宠物列表（宠物卡片：名字、照片等档案、终端、寻宠模式、安全区域数），按名字排序、分页；keyword 查名字或终端号',
    query: object({ ...pagingProperties, keyword: text('关键字', 50) }),
  }),
  action: defineEndpoint<Record<string, never>, { vehicleId: number; action: PetAction; /** light and lostMode: on (default) or off. */ on?: boolean }, PetActionAnswer>({
    method: 'POST',
    path: `${PET_API}/action.json`,
    summary: '寻宠：locate 立即定位、ring 响铃（蜂鸣）、light 开关灯、lostMode 寻宠模式（on：每 10 秒上报，直到关闭）；答复指令批次，结果经 /ws 的 command 消息更新',
    body: object(
      {
        vehicleId: int('宠物', 1),
        action: { type: 'string', title: '寻宠操作', enum: ['locate', 'ring', 'light', 'lostMode'] satisfies PetAction[] },
        on: { type: 'boolean', title: '开关' },
      },
      ['vehicleId', 'action'],
    ),
  }),
  profile: defineEndpoint<Record<string, never>, { vehicleId: number; name: string; profile?: Record<string, unknown> }, Pet>({
    method: 'POST',
    path: `${PET_API}/profile/save.json`,
    summary: '保存宠物档案：名字、种类、品种、性别、生日、照片（media/upload.json 的地址）、主人手机号；profile 未带的字段保持原值，null 或空串清空该字段',
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
  }),
  zones: defineEndpoint<{ vehicleId: number }, undefined, SafeZone[]>({
    method: 'GET',
    path: `${PET_API}/zone/list.json`,
    summary: '宠物的安全区域（圆形：圆心 WGS84、半径米）',
    query: object({ vehicleId: int('宠物', 1) }, ['vehicleId']),
  }),
  zoneSave: defineEndpoint<Record<string, never>, { id?: number; vehicleId: number; name: string; center?: [number, number]; radius?: number }, SafeZone>({
    method: 'POST',
    path: `${PET_API}/zone/save.json`,
    summary: `保存安全区域（圆形：圆心、半径 ${ZONE_MIN_RADIUS}–${ZONE_MAX_RADIUS} 米；每只宠物最多 ${MAX_ZONES_PER_PET} 个，名称不重复）；不带 id 为新增。宠物离开全部安全区域时产生“离开安全区域”告警，回到任一区域时结束`,
    body: object(
      { id: int('安全区域', 1), vehicleId: int('宠物', 1), name: { type: 'string', title: '区域名称', maxLength: 20 }, center: lonLat, radius: { type: 'number', title: '半径' } },
      ['vehicleId', 'name'],
    ),
  }),
  zoneDelete: defineEndpoint<Record<string, never>, { id: number }, { deleted: number }>({
    method: 'POST',
    path: `${PET_API}/zone/delete.json`,
    summary: '删除安全区域',
    body: object({ id: int('安全区域', 1) }, ['id']),
  }),
};
