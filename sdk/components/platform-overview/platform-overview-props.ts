import type { ResourceItem } from '../../services/permission-service';

/** Answer of GET /car/v1/api/platform/overview.json. */
export interface PlatformOverviewData {
  title: string;
  assets: { total: number; online: number; offline: number; alarm: number };
  menus: ResourceItem[];
}

export const PLATFORM_OVERVIEW_PATH = '/car/v1/api/platform/overview.json';

/** Props of `PlatformOverview`. */
export interface PlatformOverviewProps {
  platformId: number;
  /** The sub-application's title, e.g. 智能车联. */
  title: string;
  /** e.g. `/car/`; the overview's own menu entry is left out. */
  basePath: string;
}
