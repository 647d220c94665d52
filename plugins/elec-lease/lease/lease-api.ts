/** 电动车租赁 on the console: its buttons (its calls are ElecLeaseApi of sdk/contracts/elec-lease.ts). */
/** The buttons of 租户管理 (2302), 合同管理 (2303), 收入概览 (2304) and 租赁设置 (2305). */
export const LeaseButtons = {
  addRenter: 230201, editRenter: 230202, removeRenter: 230203, exportRenters: 230204,
  sign: 230301, renew: 230302, giveBack: 230303, terminate: 230304, pay: 230305, exportContracts: 230306,
  exportIncome: 230401, saveSettings: 230501, repair: 230502,
} as const;

import { chinaDay, ElecLeaseApi, HttpService, type LeaseStatus, type ServiceGetter } from '@tianlu/sdk';

export type { LeaseBike } from '@tianlu/sdk';

export const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** 合同管理's filter. */
export interface ContractFilter {
  keyword: string;
  status: '' | LeaseStatus;
}

/** The contract list's query for a filter (an empty field is left out). */
export function contractQuery(filter: ContractFilter) {
  return { ...(filter.keyword && { keyword: filter.keyword }), ...(filter.status && { status: filter.status }) };
}

/** 合同管理's list (every contract first), for the page and its route's prefetch. */
export const CONTRACT_LIST = { list: ElecLeaseApi.contracts, initialFilter: { keyword: '', status: '' } as ContractFilter, query: contractQuery };

/** 租户管理's list (every renter first), for the page and its route's prefetch. */
export const RENTER_LIST = { list: ElecLeaseApi.renters, initialFilter: '', query: (keyword: string) => (keyword ? { keyword } : {}) };

/** `YYYY-MM` of the month `n` months before this one (China time). */
export function monthsAgo(n: number): string {
  const d = new Date(`${chinaDay().slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - n);
  return d.toISOString().slice(0, 7);
}

/** The months 收入概览 opens on: the last twelve, this one the last. */
export const incomeOpeningRange = () => ({ start: monthsAgo(11), end: monthsAgo(0) });

/** For 收入概览's route: the figures of the months it opens on. */
export function prefetchIncome(get: ServiceGetter): void {
  void get(HttpService).prefetch(ElecLeaseApi.income, incomeOpeningRange()).catch(() => undefined);
}

/** The e-bikes 租赁设置 lists for a keyword (none: all of them). */
export const bikesQuery = (keyword: string) => (keyword ? { keyword } : {});

/** For 租赁设置's route: the settings and the e-bikes, asked beside the page's code. */
export function prefetchLeaseSettings(get: ServiceGetter): void {
  const http = get(HttpService);
  http.prefetch(ElecLeaseApi.settings);
  http.prefetch(ElecLeaseApi.bikes, bikesQuery(''));
}
