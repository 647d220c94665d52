import { serviceToken, type ServiceToken } from './service-token';
/** A resource of the server's per-user list. type 3 is a button, any other a menu; id 0 is a root container. */
export interface ResourceItem {
  id: number;
  name: string;
  type: number;
  path?: string;
  icon?: string;
  platformId?: number;
  children?: ResourceItem[];
}

export const BUTTON_RESOURCE_TYPE = 3;

export type PermissionLoadResult = 'ok' | 'empty';

/** Menu and button permissions, loaded once per app from resource/newList.json. */
export interface PermissionService {
  readonly loaded: boolean;
  readonly menuTree: ResourceItem[];
  readonly menuMap: ReadonlyMap<number, ResourceItem>;
  readonly buttonMap: ReadonlyMap<number, ResourceItem>;
  /** Loads once; 'empty' when the user has no menu. Rejects on failure or flag 404. */
  load(): Promise<PermissionLoadResult>;
  hasMenu(id: number): boolean;
  hasButton(id: number): boolean;
  reset(): void;
}

export const PermissionService: ServiceToken<PermissionService> = serviceToken('tianlu.permissions');
