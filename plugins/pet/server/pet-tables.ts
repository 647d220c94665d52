import type { ColumnType, Database } from '../../../server/module';

/**
 * Kysely types of 宠物守护's own table. The platform's migration `0016-pet-guard` creates it together
 * with the fences' `kind` (电子围栏 or a pet's 安全区域), which the platform's fence queries and alarm
 * rules read; this mirrors it exactly.
 */
export interface PetLostModeTable {
  /** A pet in 寻宠模式 (lost mode: reporting every 10 s) since `started_at`. */
  vehicle_id: number;
  started_at: ColumnType<Date, Date | string, Date | string>;
  started_by: number | null;
}

/** 宠物守护's own tables (a type, not an interface: `withTables` wants an index signature). */
export type PetTables = {
  pet_lost_modes: PetLostModeTable;
};

/** The shared tables (vehicles, terminals, fences, …) and 宠物守护's. */
export type PetDatabase = Database & PetTables;
