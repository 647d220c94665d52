import { defineEndpoint } from '../endpoint';
import type { Fence, FenceTrigger } from '../fence';
import { int, object } from '../json-schema';

/** Vertices one polygon fence may have. */
export const FENCE_MAX_POINTS = 200;

const lonLat = (title: string) => ({ type: 'array', title, minItems: 2, maxItems: 2, items: { type: 'number', title } });

/** What save.json takes: a circle (center, radius) or a polygon (points); no id for a new fence. */
export interface FenceSaveBody {
  id?: number;
  name: string;
  shape: 'circle' | 'polygon';
  center?: [number, number];
  radius?: number;
  points?: [number, number][];
  trigger?: FenceTrigger;
  vehicleIds?: number[];
  groupIds?: number[];
}

/** 电子围栏 of 智能车联. */
export const FenceApi = {
  list: defineEndpoint<Record<string, never>, undefined, Fence[]>({
    method: 'GET',
    path: '/car/v4/api/fence/list.json',
    summary: '电子围栏列表（本租户及下级租户；绑定的车辆和车组只列可见的）',
  }),
  save: defineEndpoint<Record<string, never>, FenceSaveBody, Fence>({
    method: 'POST',
    path: '/car/v4/api/fence/save.json',
    summary: '保存电子围栏：圆形（圆心、半径米）或多边形（顶点），WGS84；绑定车辆和车组；不带 id 为新增',
    body: object(
      {
        id: int('围栏', 1),
        name: { type: 'string', title: '围栏名称', maxLength: 50 },
        shape: { type: 'string', title: '围栏形状', enum: ['circle', 'polygon'] },
        center: lonLat('圆心'),
        radius: { type: 'number', title: '半径' },
        points: { type: 'array', title: '顶点', maxItems: FENCE_MAX_POINTS, items: lonLat('顶点') },
        trigger: { type: 'string', title: '触发方式', enum: ['enter', 'exit', 'both'] },
        vehicleIds: { type: 'array', title: '绑定车辆', maxItems: 5000, items: { type: 'integer', title: '车辆', minimum: 1 } },
        groupIds: { type: 'array', title: '绑定车组', maxItems: 500, items: { type: 'integer', title: '车组', minimum: 1 } },
      },
      ['name', 'shape'],
    ),
  }),
  delete: defineEndpoint<Record<string, never>, { id: number }, { deleted: number }>({
    method: 'POST',
    path: '/car/v4/api/fence/delete.json',
    summary: '删除电子围栏（连同其绑定）',
    body: object({ id: int('围栏', 1) }, ['id']),
  }),
};
