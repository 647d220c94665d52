import { assetInScope, sql, type AccessScope, type Database, type FenceRecord, type Kysely } from '../../../server/module';
import type { PetDatabase, PetTables } from './pet-tables';

type Scope = Pick<AccessScope, 'tenantIds' | 'groupIds'>;

/** A pet (an asset of kind pet) as 宠物守护 shows it. */
export interface PetRecord {
  vehicleId: number;
  tenantId: number;
  name: string;
  groupId: number | null;
  groupName: string | null;
  profile: Record<string, string | number>;
  terminalNo: string | null;
  displayNo: string | null;
  protocol: string | null;
  /** In 寻宠模式 since; null when not. */
  lostSince: Date | null;
}

/** A 安全区域 as saved: a circle of `radius` metres around `center` (WGS84). */
export interface SafeZoneInput {
  name: string;
  center: [number, number];
  radius: number;
}

/** 宠物守护: pets with their profile and 寻宠模式, and their 安全区域 (circle fences of kind safeZone). */
export class PetQueries {
  private readonly db: Kysely<PetDatabase>;

  constructor(db: Kysely<Database>) {
    this.db = db.withTables<PetTables>();
  }

  private pets(scope: Scope) {
    return this.db
      .selectFrom('vehicles as v')
      .leftJoin('terminals as t', 't.vehicle_id', 'v.id')
      .leftJoin('vehicle_groups as g', 'g.id', 'v.group_id')
      .leftJoin('pet_lost_modes as l', 'l.vehicle_id', 'v.id')
      .where('v.asset_kind', '=', 'pet')
      .where(assetInScope(scope, 'v.tenant_id', 'v.group_id'));
  }

  /** The scope's pets by name (keyword: name or terminal number), paged. */
  async page(scope: Scope, opts: { keyword?: string; offset: number; limit: number }): Promise<{ total: number; list: PetRecord[] }> {
    let q = this.pets(scope);
    if (opts.keyword) {
      const like = `%${opts.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q = q.where((eb) => eb.or([eb('v.plate_no', 'ilike', like), eb('t.display_no', 'ilike', like), eb('t.terminal_no', 'ilike', like)]));
    }
    const [count, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      q.select(PetQueries.columns).orderBy('v.plate_no').orderBy('v.id').offset(opts.offset).limit(opts.limit).execute(),
    ]);
    return { total: Number(count.n), list: rows.map(PetQueries.toRecord) };
  }

  /** One pet of the scope. */
  async find(scope: Scope, vehicleId: number): Promise<PetRecord | undefined> {
    const row = await this.pets(scope).select(PetQueries.columns).where('v.id', '=', vehicleId).executeTakeFirst();
    return row ? PetQueries.toRecord(row) : undefined;
  }

  private static readonly columns = [
    'v.id', 'v.tenant_id', 'v.plate_no', 'v.group_id', 'g.name as group_name', 'v.profile', 't.terminal_no', 't.display_no', 't.protocol', 'l.started_at',
  ] as const;

  private static toRecord(r: {
    id: number; tenant_id: number; plate_no: string; group_id: number | null; group_name: string | null; profile: Record<string, string | number>;
    terminal_no: string | null; display_no: string | null; protocol: string | null; started_at: Date | null;
  }): PetRecord {
    return {
      vehicleId: r.id, tenantId: r.tenant_id, name: r.plate_no, groupId: r.group_id, groupName: r.group_name,
      profile: typeof r.profile === 'string' ? (JSON.parse(r.profile) as Record<string, string | number>) : (r.profile ?? {}),
      terminalNo: r.terminal_no, displayNo: r.display_no, protocol: r.protocol, lostSince: r.started_at,
    };
  }

  /** Whether another pet of the tenant has this name. */
  async nameTaken(tenantId: number, name: string, exceptId: number): Promise<boolean> {
    const row = await this.db.selectFrom('vehicles').select('id').where('tenant_id', '=', tenantId).where('plate_no', '=', name).where('id', '<>', exceptId).executeTakeFirst();
    return row !== undefined;
  }

  /** Renames the pet and replaces its profile (宠物档案). */
  async updateProfile(vehicleId: number, name: string, profile: Record<string, string | number>): Promise<void> {
    await this.db.updateTable('vehicles').set({ plate_no: name, profile: JSON.stringify(profile) }).where('id', '=', vehicleId).execute();
  }

  /** Turns 寻宠模式 on (kept from its first start) or off. */
  async setLostMode(vehicleId: number, on: boolean, userId: number, at: Date): Promise<void> {
    if (on) {
      await this.db.insertInto('pet_lost_modes').values({ vehicle_id: vehicleId, started_at: at, started_by: userId }).onConflict((oc) => oc.column('vehicle_id').doNothing()).execute();
    } else {
      await this.db.deleteFrom('pet_lost_modes').where('vehicle_id', '=', vehicleId).execute();
    }
  }

  /** Every 安全区域 (`f`) with the pet it guards (`fv`). */
  private safeZones() {
    return this.db.selectFrom('fences as f').innerJoin('fence_vehicles as fv', 'fv.fence_id', 'f.id').where('f.kind', '=', 'safeZone');
  }

  /** The pet's 安全区域, oldest first. */
  async zones(vehicleId: number): Promise<FenceRecord[]> {
    const rows = await this.safeZones().selectAll('f').where('fv.vehicle_id', '=', vehicleId).orderBy('f.id').execute();
    return rows.map((r) => ({
      id: r.id, tenantId: r.tenant_id, name: r.name, shape: 'circle' as const, center: [r.center_lon ?? 0, r.center_lat ?? 0] as [number, number],
      radius: r.radius, points: null, trigger: 'both' as const, vehicleIds: [vehicleId], groupIds: [], kind: 'safeZone' as const, createTime: r.created_at,
    }));
  }

  /** The zone with the pet it guards, when that pet is in the scope. */
  async findZone(scope: Scope, zoneId: number): Promise<{ zone: FenceRecord; pet: PetRecord } | undefined> {
    const link = await this.safeZones().select('fv.vehicle_id').where('f.id', '=', zoneId).executeTakeFirst();
    if (!link) return undefined;
    const pet = await this.find(scope, link.vehicle_id);
    const zone = pet && (await this.zones(pet.vehicleId)).find((z) => z.id === zoneId);
    return pet && zone ? { zone, pet } : undefined;
  }

  /** Whether the pet has another zone of this name. */
  async zoneNameTaken(vehicleId: number, name: string, exceptId?: number): Promise<boolean> {
    return (await this.zones(vehicleId)).some((z) => z.name === name && z.id !== exceptId);
  }

  async createZone(pet: PetRecord, input: SafeZoneInput, at: Date): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('fences')
        .values({
          tenant_id: pet.tenantId, name: input.name, shape: 'circle', center_lon: input.center[0], center_lat: input.center[1], radius: input.radius,
          points: null, trigger: 'both', kind: 'safeZone', updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('fence_vehicles').values({ fence_id: row.id, vehicle_id: pet.vehicleId }).execute();
      return row.id;
    });
  }

  /** Saves the zone; the pet's remembered side of it is forgotten when the circle moved or changed size. */
  async updateZone(zoneId: number, input: SafeZoneInput, at: Date, areaChanged: boolean): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('fences').set({ name: input.name, center_lon: input.center[0], center_lat: input.center[1], radius: input.radius, updated_at: at }).where('id', '=', zoneId).execute();
      if (areaChanged) await trx.deleteFrom('fence_states').where('fence_id', '=', zoneId).execute();
    });
  }

  async deleteZone(zoneId: number): Promise<void> {
    await this.db.deleteFrom('fences').where('id', '=', zoneId).where('kind', '=', 'safeZone').execute();
  }

  /** How many zones each of these pets has. */
  async zoneCounts(vehicleIds: readonly number[]): Promise<Map<number, number>> {
    if (vehicleIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('fence_vehicles as fv')
      .innerJoin('fences as f', 'f.id', 'fv.fence_id')
      .select(['fv.vehicle_id', sql<string>`count(*)`.as('n')])
      .where('f.kind', '=', 'safeZone')
      .where('fv.vehicle_id', 'in', [...vehicleIds])
      .groupBy('fv.vehicle_id')
      .execute();
    return new Map(rows.map((r) => [r.vehicle_id, Number(r.n)]));
  }
}
