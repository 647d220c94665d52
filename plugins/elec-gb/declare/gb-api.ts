/** 新国标 server calls: the contracts of sdk/contracts/elec-gb.ts. */
export { ElecGbApi } from '@tianlu/sdk';

/** 备案登记 (2610) and 合规报表 (2620) with their buttons. */
export const GbButtons = { add: 261001, edit: 261002, remove: 261003, export: 261004, label: 261005, exportReport: 262001 } as const;

/** A 备案 record and a line of 合规报表, as the server answers them. */
export type { GbDeclaration as Declaration, GbComplianceLine as ComplianceLine } from '@tianlu/sdk';

/** A phone shown to operators: 138****1234. */
export function maskPhone(phone: string): string {
  return /^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}
