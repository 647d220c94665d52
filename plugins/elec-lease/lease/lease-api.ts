/** 电动车租赁 on the console: its buttons (its calls are ElecLeaseApi of sdk/contracts/elec-lease.ts). */
/** The buttons of 租户管理 (2302), 合同管理 (2303), 收入概览 (2304) and 租赁设置 (2305). */
export const LeaseButtons = {
  addRenter: 230201, editRenter: 230202, removeRenter: 230203, exportRenters: 230204,
  sign: 230301, renew: 230302, giveBack: 230303, terminate: 230304, pay: 230305, exportContracts: 230306,
  exportIncome: 230401, saveSettings: 230501, repair: 230502,
} as const;

export type { LeaseBike } from '@tianlu/sdk';

export const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));
