/** 电动车租赁 server calls (docs/api-contract.md, 电动车租赁). */
const BASE = '/car/v4/api/lease';

export const LeasePaths = {
  renters: `${BASE}/renter/list.json`,
  addRenter: `${BASE}/renter/add.json`,
  updateRenter: `${BASE}/renter/update.json`,
  removeRenters: `${BASE}/renter/delete.json`,
  exportRenters: `${BASE}/renter/export.json`,
  contracts: `${BASE}/contract/list.json`,
  bikes: `${BASE}/bikes.json`,
  sign: `${BASE}/contract/add.json`,
  renew: `${BASE}/contract/renew.json`,
  giveBack: `${BASE}/contract/return.json`,
  terminate: `${BASE}/contract/terminate.json`,
  pay: `${BASE}/contract/pay.json`,
  payments: `${BASE}/contract/payments.json`,
  importContracts: `${BASE}/contract/import.json`,
  importTemplate: `${BASE}/contract/importTemplate.json`,
  exportContracts: `${BASE}/contract/export.json`,
  income: `${BASE}/income.json`,
  exportIncome: `${BASE}/incomeExport.json`,
  settings: `${BASE}/settings.json`,
  saveSettings: `${BASE}/saveSettings.json`,
  repair: `${BASE}/repair.json`,
} as const;

/** The buttons of 租户管理 (2302), 合同管理 (2303), 收入概览 (2304) and 租赁设置 (2305). */
export const LeaseButtons = {
  addRenter: 230201, editRenter: 230202, removeRenter: 230203, exportRenters: 230204,
  sign: 230301, renew: 230302, giveBack: 230303, terminate: 230304, pay: 230305, exportContracts: 230306,
  exportIncome: 230401, saveSettings: 230501, repair: 230502,
} as const;

export type { LeaseBike } from '@tianlu/sdk';

export const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));
