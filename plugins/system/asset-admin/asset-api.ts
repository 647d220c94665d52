import { HttpService, prefetchPagedQuery, TerminalAdminApi, VehicleAdminApi, type AssetKind, type AssetListFilter, type Endpoint, type Page, type ServiceGetter, type VehicleListFilter } from '@tianlu/sdk';

/** 车辆管理, 终端管理 and 车组管理: buttons and list filters (their calls are the contracts of sdk/contracts/asset.ts). */

/** Button resources of a page: 1240xx for vehicles (1241xx people, 1242xx pets, 1243xx e-bikes), 1250xx for terminals, in the same order. */
export function assetButtons(menu: number) {
  const b = (n: number) => menu * 100 + n;
  return { add: b(1), edit: b(2), remove: b(3), bind: b(4), transfer: b(5), renew: b(6), import: b(7), export: b(8) };
}

export const GroupButtons = { add: 126001, rename: 126002, remove: 126003, move: 126004, assign: 126005 } as const;

export type { AssetOptions, GroupChoice, ImportPreview, TenantChoice, TerminalRow, VehicleRow } from '@tianlu/sdk';
export type { Page };

/** List filters shared by both pages ('' = any). */
export interface AssetFilter {
  keyword: string;
  tenantId?: number;
  groupId?: number;
  bound: '' | '0' | '1';
  expired: '' | '0' | '1';
}

export const EMPTY_FILTER: AssetFilter = { keyword: '', bound: '', expired: '' };

/** The filter as query parameters (empty ones left out). */
export function filterQuery(f: AssetFilter): AssetListFilter {
  const q: AssetListFilter = {};
  if (f.keyword) q.keyword = f.keyword;
  if (f.tenantId !== undefined) q.tenantId = f.tenantId;
  if (f.groupId !== undefined) q.groupId = f.groupId;
  if (f.bound) q.bound = f.bound;
  if (f.expired) q.expired = f.expired;
  return q;
}

/** A page of assets or terminals as it first loads: page 1 of no filter, with the page's `fixed` parameters (its asset kind). */
export function assetListOptions<Row>(list: Endpoint<{ current: number; pageSize: number } & VehicleListFilter, undefined, Page<Row>>, fixed: Pick<VehicleListFilter, 'assetKind'> = {}) {
  return { list, initialFilter: EMPTY_FILTER, query: (f: AssetFilter) => ({ ...filterQuery(f), ...fixed }) };
}

/** For the routes of 车辆管理 and the people's, pets' and e-bikes' pages: their first page and their filters' options. */
export function prefetchAssetPage(get: ServiceGetter, kind: AssetKind): void {
  prefetchPagedQuery(get, assetListOptions(VehicleAdminApi.list, { assetKind: kind }));
  void get(HttpService).prefetch(VehicleAdminApi.options).catch(() => undefined);
}

/** For 终端管理's route: its first page and its filters' options. */
export function prefetchTerminalPage(get: ServiceGetter): void {
  prefetchPagedQuery(get, assetListOptions(TerminalAdminApi.list));
  void get(HttpService).prefetch(TerminalAdminApi.options).catch(() => undefined);
}

/** Items of a parent-linked list in tree order with their depth (for indented pickers). */
export function treeOrder<T extends { id: number; parentId: number | null }>(items: readonly T[]): { item: T; depth: number }[] {
  const ids = new Set(items.map((i) => i.id));
  const out: { item: T; depth: number }[] = [];
  const visit = (parentId: number | null, depth: number) => {
    for (const i of items) {
      const isChild = parentId === null ? i.parentId === null || !ids.has(i.parentId) : i.parentId === parentId;
      if (isChild) {
        out.push({ item: i, depth });
        visit(i.id, depth + 1);
      }
    }
  };
  visit(null, 0);
  return out;
}
