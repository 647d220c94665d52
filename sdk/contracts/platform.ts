import { defineEndpoint } from '../endpoint';
import { int, object, text } from '../json-schema';
import type { ResourceItem } from '../services/permission-service';

/** What a sub-application's 概览 shows: its title, the caller's asset counts and its menus the caller holds. */
export interface PlatformOverviewData {
  title: string;
  assets: { total: number; online: number; offline: number; alarm: number };
  menus: ResourceItem[];
}

/** The platform's calls every sub-application shares (docs/api-contract.md, `platform/overview.json`). */
export const PlatformApi = {
  /** 概览 of a sub-application (the SDK's `PlatformOverview`). */
  overview: defineEndpoint<{ platformId: number; assetKinds?: string }, undefined, PlatformOverviewData>({
    method: 'GET',
    path: '/car/v1/api/platform/overview.json',
    summary: '子系统概览：标题、可见资产统计与菜单（需要该子系统）；assetKinds（如 vehicle,ebike）只数这些类型的资产',
    query: object({ platformId: int('平台', 0), assetKinds: text('资产类型', 100) }, ['platformId']),
  }),
};
