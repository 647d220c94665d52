/** The 系统管理 pages' buttons and export names (their calls are the contracts of sdk/contracts/system.ts). */
import { chinaDay } from '@tianlu/sdk';

/** Button ids of the 系统管理 pages (resource catalogue). */
export const AdminButtons = {
  tenantAdd: 121001,
  tenantEdit: 121002,
  tenantDelete: 121003,
  tenantExport: 121004,
  userAdd: 122001,
  userEdit: 122002,
  userDisable: 122003,
  userResetPassword: 122004,
  userDelete: 122005,
  userExport: 122006,
  roleAdd: 123001,
  roleEdit: 123002,
  roleDelete: 123003,
  roleExport: 123004,
  logExport: 127001,
  dictAdd: 128001,
  dictEdit: 128002,
  dictDelete: 128003,
  dictExport: 128004,
} as const;

/** `xxx-20260101.xlsx` (today in China) for an export saved by the browser. */
export function exportName(title: string): string {
  return `${title}-${chinaDay().replaceAll('-', '')}.xlsx`;
}
