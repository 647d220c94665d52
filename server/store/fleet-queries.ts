import { sql, type Kysely } from 'kysely';
import type { Database } from './db-schema';

/** A vehicle group as stored. */
export interface FleetGroupRecord {
  id: number;
  parentId: number | null;
  name: string;
  sort: number;
}

/** What the gateway's directory needs of a terminal. */
export interface TerminalAuth {
  terminalId: number;
  tenantId: number;
  authCode: string;
  /** jt808 | gt06 | watch. */
  protocol: string;
}

/** A terminal with its vehicle, as provisioning describes it. */
export interface AssetSpec {
  tenantId: number;
  groupId: number | null;
  /** Normalised number (no leading zeros). */
  terminalNo: string;
  /** As operators see it (e.g. 013800000001). */
  displayNo: string;
  authCode: string;
  imei?: string;
  model?: string;
  sim?: string;
  edition?: string;
  /** jt808 (default) | gt06 | watch. */
  protocol?: string;
  installDate?: string | null;
  plateNo: string;
  plateColor?: number;
  vehicleType?: string;
  vin?: string;
  driver?: string;
  expiryDate?: string | null;
  assetKind?: string;
  /** The fields of the asset's kind; given to an existing asset only when it has none yet. */
  profile?: Readonly<Record<string, string | number>>;
}

/** The vehicle-and-terminal card of one asset (detail.json). */
export interface AssetDetail {
  terminalId: number;
  terminalNo: string;
  vehicleId: number | null;
  plateNo: string | null;
  plateColor: number | null;
  vehicleType: string | null;
  vin: string | null;
  driver: string | null;
  groupId: number | null;
  groupName: string | null;
  terminalModel: string;
  imei: string;
  sim: string;
  edition: string;
  installDate: string | null;
  expiryDate: string | null;
  assetKind: string | null;
  /** The fields of its kind (工号, 部门, 车架号 …); empty for a terminal without an asset. */
  profile: Record<string, string | number> | null;
}

/** Vehicle groups, vehicles and terminals of each tenant. */
export class FleetQueries {
  constructor(private readonly db: Kysely<Database>) {}

  async groups(tenantId: number): Promise<FleetGroupRecord[]> {
    return this.db
      .selectFrom('vehicle_groups')
      .select(['id', 'parent_id as parentId', 'name', 'sort'])
      .where('tenant_id', '=', tenantId)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  /** The group of that name under `parentId`, created when missing. */
  async ensureGroup(tenantId: number, parentId: number | null, name: string, sort = 0): Promise<number> {
    const find = () => {
      let q = this.db.selectFrom('vehicle_groups').select('id').where('tenant_id', '=', tenantId).where('name', '=', name);
      q = parentId === null ? q.where('parent_id', 'is', null) : q.where('parent_id', '=', parentId);
      return q.executeTakeFirst();
    };
    const found = await find();
    if (found) return found.id;
    const inserted = await this.db
      .insertInto('vehicle_groups')
      .values({ tenant_id: tenantId, parent_id: parentId, name, sort })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted?.id ?? (await find())!.id;
  }

  /**
   * Creates the vehicle and terminal of `spec` when missing; an existing terminal keeps its auth
   * code and an existing vehicle (by plate) keeps what an operator changed. Idempotent.
   */
  async provision(spec: AssetSpec): Promise<{ terminalId: number; vehicleId: number }> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('vehicles')
        .values({
          tenant_id: spec.tenantId, group_id: spec.groupId, plate_no: spec.plateNo, plate_color: spec.plateColor ?? 1,
          vehicle_type: spec.vehicleType ?? '', vin: spec.vin ?? '', driver: spec.driver ?? '', expiry_date: spec.expiryDate ?? null,
          asset_kind: spec.assetKind ?? 'vehicle', profile: JSON.stringify(spec.profile ?? {}),
        })
        .onConflict((oc) =>
          oc
            .columns(['tenant_id', 'plate_no'])
            .doUpdateSet({ profile: sql<string>`excluded.profile` })
            .where(sql<boolean>`vehicles.profile = '{}'::jsonb and excluded.profile <> '{}'::jsonb`),
        )
        .execute();
      const vehicle = await trx.selectFrom('vehicles').select('id').where('tenant_id', '=', spec.tenantId).where('plate_no', '=', spec.plateNo).executeTakeFirstOrThrow();
      await trx
        .insertInto('terminals')
        .values({
          tenant_id: spec.tenantId, terminal_no: spec.terminalNo, display_no: spec.displayNo, auth_code: spec.authCode,
          imei: spec.imei ?? '', model: spec.model ?? '', sim: spec.sim ?? '', edition: spec.edition ?? '',
          protocol: spec.protocol ?? 'jt808', install_date: spec.installDate ?? null,
        })
        .onConflict((oc) => oc.column('terminal_no').doNothing())
        .execute();
      const terminal = await trx.selectFrom('terminals').select(['id', 'tenant_id', 'vehicle_id']).where('terminal_no', '=', spec.terminalNo).executeTakeFirstOrThrow();
      if (terminal.tenant_id === spec.tenantId && terminal.vehicle_id === null) {
        // bind unless another terminal already speaks for this vehicle
        const taken = await trx.selectFrom('terminals').select('id').where('vehicle_id', '=', vehicle.id).executeTakeFirst();
        if (!taken) await trx.updateTable('terminals').set({ vehicle_id: vehicle.id }).where('id', '=', terminal.id).execute();
      }
      return { terminalId: terminal.id, vehicleId: vehicle.id };
    });
  }

  /** The terminal with this normalised number (any tenant): the gateway's directory. */
  async terminalAuth(terminalNo: string): Promise<TerminalAuth | undefined> {
    return this.db
      .selectFrom('terminals')
      .select(['id as terminalId', 'tenant_id as tenantId', 'auth_code as authCode', 'protocol'])
      .where('terminal_no', '=', terminalNo)
      .executeTakeFirst();
  }

  /** Records a connection transition, reported by the instance that holds (or held) the connection. */
  async setConnected(terminalId: number, connected: boolean, at: Date): Promise<void> {
    await this.db.updateTable('terminals').set({ connected, connected_changed_at: at }).where('id', '=', terminalId).execute();
  }

  /** The tenant's terminal with this normalised number, or undefined (another tenant's is not found either). */
  /** The tenant a terminal belongs to, undefined for no such terminal. */
  async tenantOfTerminal(terminalId: number): Promise<number | undefined> {
    const row = await this.db.selectFrom('terminals').select('tenant_id').where('id', '=', terminalId).executeTakeFirst();
    return row?.tenant_id;
  }

  async findTerminal(tenantId: number, terminalNo: string): Promise<{ id: number; displayNo: string } | undefined> {
    return this.db
      .selectFrom('terminals')
      .select(['id', 'display_no as displayNo'])
      .where('tenant_id', '=', tenantId)
      .where('terminal_no', '=', terminalNo)
      .executeTakeFirst();
  }

  async detail(tenantId: number, terminalNo: string): Promise<AssetDetail | undefined> {
    const row = await this.db
      .selectFrom('terminals as t')
      .leftJoin('vehicles as v', 'v.id', 't.vehicle_id')
      .leftJoin('vehicle_groups as g', 'g.id', 'v.group_id')
      .select([
        't.id as terminalId', 't.display_no as terminalNo', 'v.id as vehicleId', 'v.plate_no as plateNo', 'v.plate_color as plateColor',
        'v.vehicle_type as vehicleType', 'v.vin', 'v.driver', 'g.id as groupId', 'g.name as groupName', 't.model as terminalModel',
        't.imei', 't.sim', 't.edition', 'v.asset_kind as assetKind', 'v.profile',
        sql<string | null>`to_char(t.install_date, 'YYYY-MM-DD')`.as('installDate'),
        sql<string | null>`to_char(v.expiry_date, 'YYYY-MM-DD')`.as('expiryDate'),
      ])
      .where('t.tenant_id', '=', tenantId)
      .where('t.terminal_no', '=', terminalNo)
      .executeTakeFirst();
    return row;
  }

  /** Terminal count per tenant (overview figures, tests). */
  async terminalCount(tenantId: number): Promise<number> {
    const row = await this.db.selectFrom('terminals').select((eb) => eb.fn.countAll().as('n')).where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
