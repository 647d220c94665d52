import { expectOk, GroupAdminApi, HttpService, prefetchPagedQuery, type ServiceGetter } from '@tianlu/sdk';
import type { TreeSelection } from './group-tree';


/** The vehicles of the group (or whole customer) picked in the tree, as the server has them: what the list asks for. */
export const vehiclesQuery = (s: TreeSelection) => ({ tenantId: s.tenantId, ...(s.groupId !== null && { groupId: s.groupId }) });

/** The vehicle list of 车组管理, opening on `first` (the page's usePagedQuery options but its own `onPage`). */
export const groupVehicles = (first: TreeSelection) => ({ list: GroupAdminApi.vehicles, initialFilter: first, query: vehiclesQuery });

/** The selection 车组管理 opens on: the first customer of its tree, whole. */
export const openingSelection = (tenantId: number): TreeSelection => ({ tenantId, groupId: null });

/** For 车组管理's route: the group trees and, as they arrive, the vehicles of the first customer, which the page opens on. */
export function prefetchGroups(get: ServiceGetter): void {
  get(HttpService)
    .prefetch(GroupAdminApi.tree)
    .then((res) => {
      const first = expectOk(res)[0];
      if (first) prefetchPagedQuery(get, groupVehicles(openingSelection(first.tenantId)));
    })
    // the page's own call meets the failure
    .catch(() => undefined);
}
