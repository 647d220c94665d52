import { sql, type Kysely, type Migration } from 'kysely';

// Migrations take Kysely<any>: they must keep working when db-schema.ts moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Db = Kysely<any>;

const now = sql`now()`;

async function createAlarms(db: Db): Promise<void> {
  await db.schema
    .createTable('alarms')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('terminal_id', 'integer', (c) => c.notNull().references('terminals.id').onDelete('cascade'))
    .addColumn('alarm_type', 'text', (c) => c.notNull())
    // terminal: a JT/T 808 alarm bit; platform: a rule evaluated by the server
    .addColumn('source', 'text', (c) => c.notNull())
    // 0 for alarms not tied to a fence (keeps the open-alarm index simple)
    .addColumn('fence_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('start_time', 'timestamptz', (c) => c.notNull())
    .addColumn('end_time', 'timestamptz')
    .addColumn('lon', 'double precision')
    .addColumn('lat', 'double precision')
    .addColumn('speed', 'real')
    .addColumn('detail', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    // 0 未处理, 1 已处理
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('process_note', 'text')
    .addColumn('process_user', 'text')
    .addColumn('process_time', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  // One open alarm per asset, type and fence: a repeated condition never floods.
  await sql`create unique index alarms_one_open on alarms (terminal_id, alarm_type, fence_id) where end_time is null`.execute(db);
  await sql`create index alarms_tenant_start on alarms (tenant_id, start_time desc)`.execute(db);
  await sql`create index alarms_terminal_start on alarms (terminal_id, start_time desc)`.execute(db);
  await sql`create index alarms_unprocessed on alarms (tenant_id, start_time desc) where status = 0`.execute(db);
}

async function createSettings(db: Db): Promise<void> {
  await db.schema
    .createTable('alarm_controls')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('alarm_type', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    .addColumn('thresholds', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('alarm_controls_pk', ['tenant_id', 'alarm_type'])
    .execute();
  await db.schema
    .createTable('alarm_push')
    .addColumn('tenant_id', 'integer', (c) => c.primaryKey().references('tenants.id').onDelete('cascade'))
    // {popup, sound, alarmTypes, webhook: {enabled, url}, email: {enabled, to}, sms: {enabled, phones}}
    .addColumn('settings', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  // Platform overspeed uses the vehicle's own limit when it has one, else the tenant's threshold.
  await sql`alter table vehicles add column if not exists speed_limit integer`.execute(db);
}

async function createFences(db: Db): Promise<void> {
  await db.schema
    .createTable('fences')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // circle: center_lon/center_lat/radius (m); polygon: points [[lon, lat], …]; WGS84
    .addColumn('shape', 'text', (c) => c.notNull())
    .addColumn('center_lon', 'double precision')
    .addColumn('center_lat', 'double precision')
    .addColumn('radius', 'double precision')
    .addColumn('points', 'jsonb')
    // enter | exit | both
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('fences_tenant_name_unique', ['tenant_id', 'name'])
    .execute();
  await db.schema
    .createTable('fence_vehicles')
    .addColumn('fence_id', 'integer', (c) => c.notNull().references('fences.id').onDelete('cascade'))
    .addColumn('vehicle_id', 'integer', (c) => c.notNull().references('vehicles.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('fence_vehicles_pk', ['fence_id', 'vehicle_id'])
    .execute();
  await db.schema.createIndex('fence_vehicles_vehicle').on('fence_vehicles').column('vehicle_id').execute();
  await db.schema
    .createTable('fence_groups')
    .addColumn('fence_id', 'integer', (c) => c.notNull().references('fences.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('vehicle_groups.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('fence_groups_pk', ['fence_id', 'group_id'])
    .execute();
  await db.schema.createIndex('fence_groups_group').on('fence_groups').column('group_id').execute();
  // Whether a terminal was last seen inside a fence: enter/exit survive a restart.
  await db.schema
    .createTable('fence_states')
    .addColumn('fence_id', 'integer', (c) => c.notNull().references('fences.id').onDelete('cascade'))
    .addColumn('terminal_id', 'integer', (c) => c.notNull().references('terminals.id').onDelete('cascade'))
    .addColumn('inside', 'boolean', (c) => c.notNull())
    .addColumn('changed_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('fence_states_pk', ['fence_id', 'terminal_id'])
    .execute();
}

export const alarmsSchema: Migration = {
  async up(db: Db) {
    await createAlarms(db);
    await createSettings(db);
    await createFences(db);
  },
  async down(db: Db) {
    for (const t of ['fence_states', 'fence_groups', 'fence_vehicles', 'fences', 'alarm_push', 'alarm_controls', 'alarms']) {
      await db.schema.dropTable(t).ifExists().execute();
    }
    await sql`alter table vehicles drop column if exists speed_limit`.execute(db);
  },
};
