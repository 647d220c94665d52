import { sql, type Kysely, type Migration } from 'kysely';

// Migrations take Kysely<any>: they must keep working when db-schema.ts moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Db = Kysely<any>;

const now = sql`now()`;

async function createAssetTables(db: Db): Promise<void> {
  await db.schema
    .createTable('vehicle_groups')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer', (c) => c.references('vehicle_groups.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // A name is unique among its siblings (provisioning finds groups by name).
  await sql`create unique index vehicle_groups_sibling_name on vehicle_groups (tenant_id, coalesce(parent_id, 0), name)`.execute(db);
  await db.schema
    .createTable('vehicles')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.references('vehicle_groups.id').onDelete('set null'))
    .addColumn('plate_no', 'text', (c) => c.notNull())
    // JT/T 808 colour code: 1 blue, 2 yellow, 3 black, 4 white, 5 green, 0 unplated.
    .addColumn('plate_color', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('vehicle_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('vin', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('driver', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('expiry_date', 'date')
    // vehicle, person (badge), pet, e-bike …: the sub-application that shows the asset.
    .addColumn('asset_kind', 'text', (c) => c.notNull().defaultTo('vehicle'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('vehicles_tenant_plate_unique', ['tenant_id', 'plate_no'])
    .execute();
  await db.schema
    .createTable('terminals')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    // Normalised JT/T 808 number (no leading zero padding): 2013 and 2019 forms are one terminal.
    .addColumn('terminal_no', 'text', (c) => c.notNull().unique())
    // The number as provisioned (e.g. 013800000001), what operators see and type.
    .addColumn('display_no', 'text', (c) => c.notNull())
    .addColumn('auth_code', 'text', (c) => c.notNull())
    .addColumn('imei', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('model', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sim', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('edition', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('install_date', 'date')
    .addColumn('vehicle_id', 'integer', (c) => c.references('vehicles.id').onDelete('set null').unique())
    // Connection state written by the instance that holds the connection.
    .addColumn('connected', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('connected_changed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('terminals_tenant').on('terminals').column('tenant_id').execute();
  await db.schema.createIndex('vehicles_group').on('vehicles').column('group_id').execute();
}

async function createPositionTables(db: Db): Promise<void> {
  // Partitioned by device time (daily partitions, created ahead and on demand by the store).
  // The primary key makes a resent position (ack lost after commit) a no-op.
  await sql`
    create table positions (
      terminal_id integer not null,
      tenant_id integer not null,
      device_time timestamptz not null,
      received_time timestamptz not null,
      lon double precision not null,
      lat double precision not null,
      altitude integer not null,
      speed real not null,
      course integer not null,
      alarm_flags bigint not null,
      status_flags bigint not null,
      mileage double precision,
      extras jsonb not null default '{}'::jsonb,
      backfill boolean not null default false,
      primary key (terminal_id, device_time)
    ) partition by range (device_time)`.execute(db);
  await db.schema
    .createTable('latest_positions')
    .addColumn('terminal_id', 'integer', (c) => c.primaryKey().references('terminals.id').onDelete('cascade'))
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('device_time', 'timestamptz', (c) => c.notNull())
    .addColumn('received_time', 'timestamptz', (c) => c.notNull())
    .addColumn('lon', 'double precision', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('altitude', 'integer', (c) => c.notNull())
    .addColumn('speed', 'real', (c) => c.notNull())
    .addColumn('course', 'integer', (c) => c.notNull())
    .addColumn('alarm_flags', 'bigint', (c) => c.notNull())
    .addColumn('status_flags', 'bigint', (c) => c.notNull())
    .addColumn('mileage', 'double precision')
    .addColumn('extras', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await db.schema.createIndex('latest_positions_tenant').on('latest_positions').column('tenant_id').execute();
}

export const fleetSchema: Migration = {
  async up(db: Db) {
    await createAssetTables(db);
    await createPositionTables(db);
  },
  async down(db: Db) {
    for (const t of ['latest_positions', 'positions', 'terminals', 'vehicles', 'vehicle_groups']) await db.schema.dropTable(t).ifExists().cascade().execute();
  },
};
