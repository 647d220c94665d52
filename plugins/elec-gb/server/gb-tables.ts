import type { ColumnType, Database, Generated } from '../../../server/module';

/** Kysely types of the table 新国标's migration creates (migrations/); they mirror it exactly. */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** 新国标 备案登记 records with their compliance verdict. */
export interface GbDeclarationTable {
  id: Generated<number>;
  tenant_id: number;
  record_no: string;
  owner_name: string;
  owner_phone: string;
  brand: string;
  model: string;
  frame_no: string;
  motor_no: string;
  plate_no: string;
  color: string;
  design_speed: number;
  mass: number;
  motor_power: number;
  pedals: boolean;
  compliant: boolean;
  /** The GbRule codes broken, as JSON text. */
  broken: ColumnType<string[], string | undefined, string>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** 新国标's own tables (a type, not an interface: `withTables` wants an index signature). */
export type GbTables = {
  gb_declarations: GbDeclarationTable;
};

/** The shared tables (tenants, …) and 新国标's. */
export type GbDatabase = Database & GbTables;
