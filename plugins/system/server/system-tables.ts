import type { ColumnType, Database } from '../../../server/module';

/**
 * Kysely types of 系统管理's own table, as its migration `0006-system-assets` creates it: checked
 * spreadsheet imports waiting for their confirmation (车辆/人员/宠物/电动车/终端导入).
 */
export interface AssetImportTable {
  token: string;
  user_id: number;
  tenant_id: number;
  /** vehicle | person | pet | ebike | terminal */
  kind: string;
  file_name: ColumnType<string, string | undefined, string>;
  /** The valid rows, normalised: `[{row, values}]`. */
  rows: ColumnType<unknown, string, string>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** 系统管理's own tables (a type, not an interface: `withTables` wants an index signature). */
export type SystemTables = {
  asset_imports: AssetImportTable;
};

/** The shared tables (users, tenants, vehicles, …) and 系统管理's. */
export type SystemDatabase = Database & SystemTables;
