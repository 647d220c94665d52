/** 新国标 server calls: the contracts of sdk/contracts/elec-gb.ts. */
import { ElecGbApi, HttpService, type ServiceGetter } from '@tianlu/sdk';

export { ElecGbApi };

/** 备案登记 (2610) and 合规报表 (2620) with their buttons. */
export const GbButtons = { add: 261001, edit: 261002, remove: 261003, export: 261004, label: 261005, exportReport: 262001 } as const;

/** A 备案 record and a line of 合规报表, as the server answers them. */
export type { GbDeclaration as Declaration, GbComplianceLine as ComplianceLine } from '@tianlu/sdk';

/** A phone shown to operators: 138****1234. */
export function maskPhone(phone: string): string {
  return /^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

/** 备案登记's filter ('' = any). */
export interface DeclareFilter {
  keyword: string;
  compliant: '' | '0' | '1';
}

/** The record list's query for a filter (an empty field is left out). */
export function declareQuery(filter: DeclareFilter) {
  return { ...(filter.keyword && { keyword: filter.keyword }), ...(filter.compliant && { compliant: filter.compliant }) };
}

/** 备案登记's list as it first loads (its route asks it ahead). */
export const DECLARE_LIST = { list: ElecGbApi.list, initialFilter: { keyword: '', compliant: '' } as DeclareFilter, query: declareQuery };

/** For 合规报表's route: the report, asked beside the page's code. */
export function prefetchComplianceReport(get: ServiceGetter): void {
  get(HttpService).prefetch(ElecGbApi.report);
}
