import { sql, type Kysely } from 'kysely';
import type { Database } from './db-schema';
import { assetInScope, type AccessScope } from './scope-queries';
import { dateText, serviceExpired } from './service-expiry';
import { escapeLike } from './vehicle-admin-queries';

/** What an operator edits of a terminal. */
export interface TerminalFields {
  /** As typed (e.g. 013800000001); the normalised form is derived from it. */
  displayNo: string;
  /** Without leading zero padding: the 2013 and 2019 forms are one terminal. */
  terminalNo: string;
  imei: string;
  model: string;
  sim: string;
  /** JT/T 808 edition (2011, 2013, 2019), or gt06 / watch. */
  edition: string;
  /** jt808 | gt06 | watch (follows the edition). */
  protocol: string;
  installDate: string | null;
}

/** A terminal as the 终端管理 list shows it, with its vehicle's service state. */
export interface TerminalRecord extends Omit<TerminalFields, 'terminalNo' | 'displayNo'> {
  id: number;
  tenantId: number;
  tenantName: string;
  /** As provisioned (what operators see). */
  terminalNo: string;
  vehicleId: number | null;
  plateNo: string | null;
  groupId: number | null;
  groupName: string | null;
  expiryDate: string | null;
  expired: boolean;
  connected: boolean;
  createdAt: Date;
}

export interface TerminalFilter {
  /** Part of the terminal number, IMEI or SIM. */
  keyword?: string;
  tenantId?: number;
  groupIds?: readonly number[];
  bound?: boolean;
  expired?: boolean;
  ids?: readonly number[];
}

/** Terminals of 系统管理, always read and changed within an access scope (a terminal's group is its vehicle's). */
export class TerminalAdminQueries {
  constructor(private readonly db: Kysely<Database>) {}

  private scoped(scope: AccessScope, filter: TerminalFilter = {}) {
    let q = this.db
      .selectFrom('terminals as t')
      .innerJoin('tenants as tn', 'tn.id', 't.tenant_id')
      .leftJoin('vehicles as v', 'v.id', 't.vehicle_id')
      .leftJoin('vehicle_groups as g', 'g.id', 'v.group_id')
      .where(assetInScope(scope, 't.tenant_id', 'v.group_id'));
    const keyword = filter.keyword?.trim();
    if (keyword) {
      const like = `%${escapeLike(keyword)}%`;
      const stripped = keyword.replace(/^0+/, '');
      q = q.where((eb) =>
        eb.or([
          eb('t.display_no', 'like', like),
          ...(stripped ? [eb('t.terminal_no', 'like', `%${escapeLike(stripped)}%`)] : []),
          eb('t.imei', 'ilike', like),
          eb('t.sim', 'like', like),
        ]),
      );
    }
    if (filter.tenantId !== undefined) q = q.where('t.tenant_id', '=', filter.tenantId);
    if (filter.groupIds) q = q.where('v.group_id', 'in', filter.groupIds.length ? [...filter.groupIds] : [-1]);
    if (filter.bound !== undefined) q = q.where('t.vehicle_id', filter.bound ? 'is not' : 'is', null);
    if (filter.expired !== undefined) q = q.where(filter.expired ? serviceExpired('v.expiry_date') : sql<boolean>`not ${serviceExpired('v.expiry_date')}`);
    if (filter.ids) q = q.where('t.id', 'in', filter.ids.length ? [...filter.ids] : [-1]);
    return q;
  }

  private selectRecord(scope: AccessScope, filter: TerminalFilter) {
    return this.scoped(scope, filter).select([
      't.id', 't.tenant_id as tenantId', 'tn.name as tenantName', 't.display_no as terminalNo', 't.imei', 't.model', 't.sim', 't.edition', 't.protocol',
      dateText('t.install_date').as('installDate'), 'v.id as vehicleId', 'v.plate_no as plateNo', 'v.group_id as groupId', 'g.name as groupName',
      dateText('v.expiry_date').as('expiryDate'), serviceExpired('v.expiry_date').as('expired'), 't.connected', 't.created_at as createdAt',
    ]);
  }

  async page(scope: AccessScope, filter: TerminalFilter, offset: number, limit: number): Promise<{ total: number; list: TerminalRecord[] }> {
    const [count, rows] = await Promise.all([
      this.scoped(scope, filter).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      this.selectRecord(scope, filter).orderBy('t.display_no').orderBy('t.id').offset(offset).limit(limit).execute(),
    ]);
    return { total: Number(count.n), list: rows.map(toRecord) };
  }

  async all(scope: AccessScope, filter: TerminalFilter, max: number): Promise<TerminalRecord[]> {
    return (await this.selectRecord(scope, filter).orderBy('t.display_no').orderBy('t.id').limit(max).execute()).map(toRecord);
  }

  async find(scope: AccessScope, id: number): Promise<TerminalRecord | undefined> {
    const row = await this.selectRecord(scope, { ids: [id] }).executeTakeFirst();
    return row && toRecord(row);
  }

  async findMany(scope: AccessScope, ids: readonly number[]): Promise<TerminalRecord[]> {
    return (await this.selectRecord(scope, { ids }).orderBy('t.id').execute()).map(toRecord);
  }

  /** The terminal bound to a vehicle (any scope: the vehicle was checked). */
  async ofVehicle(vehicleId: number): Promise<{ id: number; displayNo: string } | undefined> {
    return this.db.selectFrom('terminals').select(['id', 'display_no as displayNo']).where('vehicle_id', '=', vehicleId).executeTakeFirst();
  }

  /** Which of these normalised numbers exist (in any tenant: the number is global). */
  async existingNumbers(terminalNos: readonly string[]): Promise<Set<string>> {
    if (terminalNos.length === 0) return new Set();
    const rows = await this.db.selectFrom('terminals').select('terminal_no').where('terminal_no', 'in', [...terminalNos]).execute();
    return new Set(rows.map((r) => r.terminal_no));
  }

  /** Another terminal than `exceptId` with this normalised number. */
  async numberTaken(terminalNo: string, exceptId?: number): Promise<boolean> {
    let q = this.db.selectFrom('terminals').select('id').where('terminal_no', '=', terminalNo);
    if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  async insert(tenantId: number, f: TerminalFields, authCode: string, vehicleId: number | null = null): Promise<number> {
    const row = await this.db
      .insertInto('terminals')
      .values({
        tenant_id: tenantId, terminal_no: f.terminalNo, display_no: f.displayNo, auth_code: authCode, imei: f.imei, model: f.model, sim: f.sim,
        edition: f.edition, protocol: f.protocol, install_date: f.installDate, vehicle_id: vehicleId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, f: TerminalFields): Promise<void> {
    await this.db
      .updateTable('terminals')
      .set({ terminal_no: f.terminalNo, display_no: f.displayNo, imei: f.imei, model: f.model, sim: f.sim, edition: f.edition, protocol: f.protocol, install_date: f.installDate })
      .where('id', '=', id)
      .execute();
  }

  async delete(ids: readonly number[]): Promise<void> {
    if (ids.length) await this.db.deleteFrom('terminals').where('id', 'in', [...ids]).execute();
  }

  /** Binds (vehicleId) or unbinds (null) a terminal. */
  async setVehicle(terminalId: number, vehicleId: number | null): Promise<void> {
    await this.db.updateTable('terminals').set({ vehicle_id: vehicleId }).where('id', '=', terminalId).execute();
  }

  /** Moves terminals to another tenant; their latest position goes with them. */
  async moveToTenant(ids: readonly number[], tenantId: number): Promise<void> {
    if (ids.length === 0) return;
    await this.db.updateTable('terminals').set({ tenant_id: tenantId }).where('id', 'in', [...ids]).execute();
    await this.db.updateTable('latest_positions').set({ tenant_id: tenantId }).where('terminal_id', 'in', [...ids]).execute();
  }

  /**
   * Terminals without a vehicle of one tenant (candidates for binding). Unbound terminals have no
   * group, so a group-scoped user sees none.
   */
  async unbound(scope: AccessScope, tenantId: number, keyword: string | undefined, limit: number): Promise<TerminalRecord[]> {
    return (await this.selectRecord(scope, { tenantId, keyword, bound: false }).orderBy('t.display_no').limit(limit).execute()).map(toRecord);
  }
}

type RecordRow = Omit<TerminalRecord, 'expired' | 'connected'> & { expired: unknown; connected: unknown };

function toRecord(r: RecordRow): TerminalRecord {
  return { ...r, expired: Boolean(r.expired), connected: Boolean(r.connected) };
}
