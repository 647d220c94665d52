import type { Migration, MigrationProvider } from 'kysely';
import { initialSchema } from './0001-initial-schema';
import { fleetSchema } from './0002-fleet-schema';
import { accessAndAudit } from './0003-access-and-audit';

/** Every migration, in order. A static list keeps bundlers and tsx happy (no directory scanning). */
const migrations: Record<string, Migration> = {
  '0001-initial-schema': initialSchema,
  '0002-fleet-schema': fleetSchema,
  '0003-access-and-audit': accessAndAudit,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
