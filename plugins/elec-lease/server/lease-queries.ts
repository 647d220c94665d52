import { type AccessScope, assetInScope, type Database, escapeLike, type Kysely, sql, tenantInScope, wholeNumber } from '../../../server/module';
import { OPEN_LEASE_STATUSES, type LeaseBike, type LeasePaymentKind, type LeasePaymentMethod, type LeaseSettings, type LeaseStatus } from '../../../sdk/lease';
import type { LeaseDatabase, LeaseTables } from './lease-tables';

export interface RenterRecord {
  id: number;
  tenantId: number;
  name: string;
  phone: string;
  idNo: string;
  openContracts: number;
  createdAt: Date;
}

export interface RenterFields {
  name: string;
  phone: string;
  idNo: string;
}

export interface ContractRecord {
  id: number;
  contractNo: string;
  tenantId: number;
  vehicleId: number;
  plateNo: string;
  renterId: number;
  renterName: string;
  renterPhone: string;
  startDate: string;
  endDate: string;
  /** Fen. */
  monthlyRent: number;
  deposit: number;
  status: LeaseStatus;
  closedDate: string | null;
  /** Fen of rent received so far. */
  received: number;
  /** Fen of deposit held: 押金 taken less 退押金. */
  depositHeld: number;
  /** Fen of 违约金 taken. */
  penalty: number;
  note: string;
  createdAt: Date;
}

export interface PaymentFields {
  tenantId: number;
  contractId: number;
  kind: LeasePaymentKind;
  method: LeasePaymentMethod;
  /** Fen. */
  amount: number;
  prepaid: number;
  paidDate: string;
  note: string;
  createdBy: number | null;
  operator: string;
}

export interface PaymentRecord extends PaymentFields {
  id: number;
  receiptNo: string;
  createdAt: Date;
}

/** A contract already running elsewhere, entered by 合同导入 (its renter created where new). */
export interface ImportedContract {
  tenantId: number;
  vehicleId: number;
  renter: RenterFields & { id?: number };
  startDate: string;
  endDate: string;
  monthlyRent: number;
  deposit: number;
  /** Deposit already held (fen), recorded as a 押金 payment with its receipt. */
  depositHeld: number;
  status: LeaseStatus;
  note: string;
}

export interface ContractFields {
  vehicleId: number;
  renterId: number;
  startDate: string;
  endDate: string;
  monthlyRent: number;
  deposit: number;
  status: LeaseStatus;
  note: string;
  createdBy: number | null;
}

export interface ContractFilter {
  keyword?: string;
  status?: LeaseStatus;
  tenantId?: number;
  ids?: readonly number[];
}

/** A contract that just became 已逾期, with the e-bike's terminal for the alarm. */
export interface OverdueContract {
  id: number;
  contractNo: string;
  tenantId: number;
  vehicleId: number;
  plateNo: string;
  endDate: string;
  renterName: string;
  terminalId: number | null;
}

/** A contract overdue long enough for its tenant's automatic 断电. */
export interface CutCandidate extends OverdueContract {
  renterPhone: string;
  terminalNo: string | null;
  createdBy: number | null;
  overdueDays: number;
}

const OPEN = [...OPEN_LEASE_STATUSES];
const DATE = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;
const DEFAULT_SETTINGS: LeaseSettings = { autoCut: false, autoCutDays: 3 };
/** Fen of one kind of payment of the contract `c`. */
const paid = (kind: LeasePaymentKind) => sql<string>`(select coalesce(sum(p.amount), 0) from lease_payments p where p.contract_id = c.id and p.kind = ${kind})`;
type Trx = Kysely<LeaseDatabase>;

/** 电动车租赁: renters, contracts, payments and settings, read and changed within a caller's scope. */
export class LeaseQueries {
  private readonly db: Kysely<LeaseDatabase>;

  constructor(db: Kysely<Database>) {
    this.db = db.withTables<LeaseTables>();
  }

  // ---- renters

  private renters(scope: AccessScope, filter: { keyword?: string; ids?: readonly number[] }) {
    let q = this.db.selectFrom('lease_renters as r').where(tenantInScope(scope, 'r.tenant_id'));
    const keyword = filter.keyword?.trim();
    if (keyword) {
      const like = `%${escapeLike(keyword)}%`;
      const whole = wholeNumber(keyword);
      q = q.where((eb) => eb.or([eb('r.name', 'ilike', like), eb('r.phone', '=', whole), eb('r.id_no', '=', whole)]));
    }
    if (filter.ids) q = q.where('r.id', 'in', filter.ids.length ? [...filter.ids] : [-1]);
    return q;
  }

  private selectRenter(scope: AccessScope, filter: { keyword?: string; ids?: readonly number[] }) {
    return this.renters(scope, filter).select([
      'r.id', 'r.tenant_id as tenantId', 'r.name', 'r.phone', 'r.id_no as idNo', 'r.created_at as createdAt',
      (eb) => eb.selectFrom('lease_contracts as c').select((e) => e.fn.countAll().as('n')).whereRef('c.renter_id', '=', 'r.id').where('c.status', 'in', OPEN).as('openContracts'),
    ]);
  }

  async renterPage(scope: AccessScope, keyword: string | undefined, offset: number, limit: number): Promise<{ total: number; list: RenterRecord[] }> {
    const [count, rows] = await Promise.all([
      this.renters(scope, { keyword }).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      this.selectRenter(scope, { keyword }).orderBy('r.id', 'desc').offset(offset).limit(limit).execute(),
    ]);
    return { total: Number(count.n), list: rows.map(toRenter) };
  }

  async allRenters(scope: AccessScope, keyword: string | undefined, max: number): Promise<RenterRecord[]> {
    return (await this.selectRenter(scope, { keyword }).orderBy('r.id', 'desc').limit(max).execute()).map(toRenter);
  }

  async findRenters(scope: AccessScope, ids: readonly number[]): Promise<RenterRecord[]> {
    return (await this.selectRenter(scope, { ids }).orderBy('r.id').execute()).map(toRenter);
  }

  async renterByIdNo(tenantId: number, idNo: string): Promise<{ id: number } | undefined> {
    return this.db.selectFrom('lease_renters').select('id').where('tenant_id', '=', tenantId).where('id_no', '=', idNo).executeTakeFirst();
  }

  async insertRenter(tenantId: number, f: RenterFields): Promise<number> {
    const row = await this.db.insertInto('lease_renters').values({ tenant_id: tenantId, name: f.name, phone: f.phone, id_no: f.idNo }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async updateRenter(id: number, f: RenterFields): Promise<void> {
    await this.db.updateTable('lease_renters').set({ name: f.name, phone: f.phone, id_no: f.idNo }).where('id', '=', id).execute();
  }

  /** Deletes renters that never signed a contract; answers the ids that have one and were kept. */
  async deleteRenters(ids: readonly number[]): Promise<number[]> {
    const signed = (await this.db.selectFrom('lease_contracts').select('renter_id').distinct().where('renter_id', 'in', [...ids]).execute()).map((r) => r.renter_id);
    if (signed.length === 0) await this.db.deleteFrom('lease_renters').where('id', 'in', [...ids]).execute();
    return signed;
  }

  // ---- e-bikes

  /** The scope's e-bikes with whether they are rented and in repair (plate number or id filter). */
  async bikes(scope: AccessScope, filter: { keyword?: string; ids?: readonly number[]; limit: number }): Promise<LeaseBike[]> {
    let q = this.db
      .selectFrom('vehicles as v')
      .where('v.asset_kind', '=', 'ebike')
      .where(assetInScope(scope, 'v.tenant_id', 'v.group_id'))
      .select([
        'v.id', 'v.tenant_id as tenantId', 'v.plate_no as plateNo', 'v.in_repair as inRepair',
        (eb) => eb.exists(eb.selectFrom('lease_contracts as c').select('c.id').whereRef('c.vehicle_id', '=', 'v.id').where('c.status', 'in', OPEN)).as('rented'),
      ]);
    const keyword = filter.keyword?.trim();
    if (keyword) q = q.where('v.plate_no', 'ilike', `%${escapeLike(keyword)}%`);
    if (filter.ids) q = q.where('v.id', 'in', filter.ids.length ? [...filter.ids] : [-1]);
    const rows = await q.orderBy('v.plate_no').limit(filter.limit).execute();
    return rows.map((r) => ({ ...r, inRepair: Boolean(r.inRepair), rented: Boolean(r.rented) }));
  }

  /** The terminal of an e-bike (the first bound), if any. */
  async terminalOf(vehicleId: number): Promise<number | undefined> {
    const row = await this.db.selectFrom('terminals').select('id').where('vehicle_id', '=', vehicleId).orderBy('id').executeTakeFirst();
    return row?.id;
  }

  async setRepair(vehicleIds: readonly number[], inRepair: boolean): Promise<void> {
    if (vehicleIds.length) await this.db.updateTable('vehicles').set({ in_repair: inRepair }).where('id', 'in', [...vehicleIds]).execute();
  }

  /** 收入概览: the scope's e-bikes rented now, in repair (and not rented) and idle. */
  async utilisation(scope: AccessScope): Promise<{ total: number; rented: number; inRepair: number }> {
    const rented = sql<boolean>`exists (select 1 from lease_contracts c where c.vehicle_id = v.id and c.status in ('active', 'overdue'))`;
    const row = await this.db
      .selectFrom('vehicles as v')
      .where('v.asset_kind', '=', 'ebike')
      .where(assetInScope(scope, 'v.tenant_id', 'v.group_id'))
      .select([
        (eb) => eb.fn.countAll().as('total'),
        sql<string>`count(*) filter (where ${rented})`.as('rented'),
        sql<string>`count(*) filter (where v.in_repair and not ${rented})`.as('inRepair'),
      ])
      .executeTakeFirstOrThrow();
    return { total: Number(row.total), rented: Number(row.rented), inRepair: Number(row.inRepair) };
  }

  // ---- contracts

  private contracts(scope: AccessScope, filter: ContractFilter) {
    let q = this.db
      .selectFrom('lease_contracts as c')
      .innerJoin('vehicles as v', 'v.id', 'c.vehicle_id')
      .innerJoin('lease_renters as r', 'r.id', 'c.renter_id')
      .where(assetInScope(scope, 'v.tenant_id', 'v.group_id'));
    const keyword = filter.keyword?.trim();
    if (keyword) {
      const like = `%${escapeLike(keyword)}%`;
      q = q.where((eb) => eb.or([eb('c.contract_no', 'ilike', like), eb('v.plate_no', 'ilike', like), eb('r.name', 'ilike', like), eb('r.phone', '=', wholeNumber(keyword))]));
    }
    if (filter.status) q = q.where('c.status', '=', filter.status);
    if (filter.tenantId !== undefined) q = q.where('c.tenant_id', '=', filter.tenantId);
    if (filter.ids) q = q.where('c.id', 'in', filter.ids.length ? [...filter.ids] : [-1]);
    return q;
  }

  private selectContract(scope: AccessScope, filter: ContractFilter) {
    return this.contracts(scope, filter).select([
      'c.id', 'c.contract_no as contractNo', 'c.tenant_id as tenantId', 'c.vehicle_id as vehicleId', 'v.plate_no as plateNo', 'c.renter_id as renterId',
      'r.name as renterName', 'r.phone as renterPhone', DATE('c.start_date').as('startDate'), DATE('c.end_date').as('endDate'),
      'c.monthly_rent as monthlyRent', 'c.deposit', 'c.status', sql<string | null>`to_char(c.closed_date, 'YYYY-MM-DD')`.as('closedDate'), 'c.note',
      'c.created_at as createdAt',
      paid('rent').as('received'),
      sql<string>`${paid('deposit')} - ${paid('refund')}`.as('depositHeld'),
      paid('penalty').as('penalty'),
    ]);
  }

  async contractPage(scope: AccessScope, filter: ContractFilter, offset: number, limit: number): Promise<{ total: number; list: ContractRecord[] }> {
    const [count, rows] = await Promise.all([
      this.contracts(scope, filter).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      this.selectContract(scope, filter).orderBy('c.id', 'desc').offset(offset).limit(limit).execute(),
    ]);
    return { total: Number(count.n), list: rows.map(toContract) };
  }

  /** How many contracts of the scope (and filter) are in each status, every status named (0 for none). */
  async contractCounts(scope: AccessScope, filter: ContractFilter): Promise<Record<LeaseStatus, number>> {
    const rows = await this.contracts(scope, filter).select((eb) => ['c.status', eb.fn.countAll().as('n')] as const).groupBy('c.status').execute();
    const counts: Record<LeaseStatus, number> = { pending: 0, active: 0, overdue: 0, returned: 0, terminated: 0 };
    for (const r of rows) if (r.status in counts) counts[r.status as LeaseStatus] = Number(r.n);
    return counts;
  }

  async allContracts(scope: AccessScope, filter: ContractFilter, max: number): Promise<ContractRecord[]> {
    return (await this.selectContract(scope, filter).orderBy('c.id', 'desc').limit(max).execute()).map(toContract);
  }

  async findContract(scope: AccessScope, id: number): Promise<ContractRecord | undefined> {
    const [row] = await this.selectContract(scope, { ids: [id] }).execute();
    return row && toContract(row);
  }

  /**
   * Signs a contract and numbers it (ZL, the day in China, the id); undefined when the e-bike is
   * in an open contract already (the partial unique index decides, even for two signing at once).
   */
  async insertContract(tenantId: number, f: ContractFields, now: Date): Promise<number | undefined> {
    try {
      return await this.db.transaction().execute((trx) => signIn(trx, tenantId, f, now));
    } catch (err) {
      if ((err as { code?: string }).code === '23505') return undefined;
      throw err;
    }
  }

  /**
   * 合同导入: every contract with its new renters and deposits held, in one transaction (all or
   * none); the ids in order. An e-bike taken meanwhile fails it whole (unique violation thrown).
   */
  async importContracts(rows: readonly ImportedContract[], createdBy: number, operator: string, now: Date): Promise<number[]> {
    return this.db.transaction().execute(async (trx) => {
      const ids: number[] = [];
      const renters = new Map<string, number>();
      for (const r of rows) {
        const key = `${r.tenantId}/${r.renter.idNo}`;
        let renterId = r.renter.id ?? renters.get(key);
        if (renterId === undefined) {
          renterId = (await trx.insertInto('lease_renters').values({ tenant_id: r.tenantId, name: r.renter.name, phone: r.renter.phone, id_no: r.renter.idNo }).returning('id').executeTakeFirstOrThrow()).id;
          renters.set(key, renterId);
        }
        const id = await signIn(trx, r.tenantId, { ...r, renterId, createdBy }, now);
        if (r.depositHeld > 0) {
          await issuePayment(trx, {
            tenantId: r.tenantId, contractId: id, kind: 'deposit', method: 'other', amount: r.depositHeld, prepaid: 0, paidDate: r.startDate, note: '合同导入时已收押金', createdBy, operator,
          }, now);
        }
        ids.push(id);
      }
      return ids;
    });
  }

  /** 续租: a later end date and the state it gives (an overdue contract renewed is 租赁中 again). */
  async renew(id: number, endDate: string, monthlyRent: number, status: LeaseStatus): Promise<void> {
    await this.db
      .updateTable('lease_contracts')
      .set({ end_date: endDate, monthly_rent: monthlyRent, status, ...(status !== 'overdue' && { overdue_at: null, cut_at: null, cut_tried_at: null }) })
      .where('id', '=', id)
      .execute();
  }

  /** 还车 or 终止: the contract closes on `day` if it is still open; whether it was. */
  async close(id: number, status: 'returned' | 'terminated', day: string, note: string): Promise<boolean> {
    const row = await this.db
      .updateTable('lease_contracts')
      .set({ status, closed_date: day, ...(note && { note }) })
      .where('id', '=', id)
      .where('status', 'in', OPEN)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Records a payment with the tenant's next receipt number (taken in the same transaction: no gaps). */
  async addPayment(f: PaymentFields, now: Date): Promise<PaymentRecord> {
    return this.db.transaction().execute((trx) => issuePayment(trx, f, now));
  }

  /** A contract's payments, oldest first. */
  async payments(contractId: number): Promise<PaymentRecord[]> {
    const rows = await this.db
      .selectFrom('lease_payments')
      .select([
        'id', 'tenant_id as tenantId', 'contract_id as contractId', 'kind', 'method', 'receipt_no as receiptNo', 'amount', 'prepaid', DATE('paid_date').as('paidDate'), 'note',
        'created_by as createdBy', 'operator', 'created_at as createdAt',
      ])
      .where('contract_id', '=', contractId)
      .orderBy('id')
      .execute();
    return rows.map(toPayment);
  }

  async tenantName(tenantId: number): Promise<string> {
    return (await this.db.selectFrom('tenants').select('name').where('id', '=', tenantId).executeTakeFirst())?.name ?? '';
  }

  /**
   * Moves open contracts to the state their dates give on `today` (YYYY-MM-DD, China): 待生效
   * from the start day on is 租赁中, and past the end day 已逾期. Answers the contracts that became
   * 已逾期 in this call: only one caller flips a contract, so only one raises its alarm.
   */
  async refreshStatuses(today: string, now: Date): Promise<OverdueContract[]> {
    await this.db
      .updateTable('lease_contracts')
      .set({ status: 'active' })
      .where('status', '=', 'pending')
      .where('start_date', '<=', today)
      .where('end_date', '>=', today)
      .execute();
    const flipped = await this.db
      .updateTable('lease_contracts')
      .set({ status: 'overdue', overdue_at: now })
      .where('status', 'in', ['pending', 'active'])
      .where('end_date', '<', today)
      .returning('id')
      .execute();
    if (flipped.length === 0) return [];
    const rows = await this.overdueView().where('c.id', 'in', flipped.map((r) => r.id)).execute();
    return rows.map((r) => ({ ...r, terminalId: r.terminalId === null ? null : Number(r.terminalId) }));
  }

  private overdueView() {
    return this.db
      .selectFrom('lease_contracts as c')
      .innerJoin('vehicles as v', 'v.id', 'c.vehicle_id')
      .innerJoin('lease_renters as r', 'r.id', 'c.renter_id')
      .leftJoin('terminals as t', (j) => j.on('t.id', '=', (eb) => eb.selectFrom('terminals as t2').select((e) => e.fn.min('t2.id').as('m')).whereRef('t2.vehicle_id', '=', 'v.id')))
      .select([
        'c.id', 'c.contract_no as contractNo', 'c.tenant_id as tenantId', 'c.vehicle_id as vehicleId', 'v.plate_no as plateNo', DATE('c.end_date').as('endDate'),
        'r.name as renterName', 't.id as terminalId',
      ]);
  }

  /**
   * Overdue contracts whose tenant turned automatic 断电 on, overdue for at least its days, not cut
   * yet and not tried within `retryAfter` (a cut refused because the e-bike was moving is tried again).
   */
  async cutCandidates(today: string, retryBefore: Date): Promise<CutCandidate[]> {
    const rows = await this.overdueView()
      .innerJoin('lease_settings as s', 's.tenant_id', 'c.tenant_id')
      .select(['r.phone as renterPhone', 't.terminal_no as terminalNo', 'c.created_by as createdBy', sql<number>`(${today}::date - c.end_date)`.as('overdueDays')])
      .where('c.status', '=', 'overdue')
      .where('s.auto_cut', '=', true)
      .where(sql<boolean>`${today}::date - c.end_date >= s.auto_cut_days`)
      .where('c.cut_at', 'is', null)
      .where((eb) => eb.or([eb('c.cut_tried_at', 'is', null), eb('c.cut_tried_at', '<', retryBefore)]))
      .execute();
    return rows.map((r) => ({ ...r, terminalId: r.terminalId === null ? null : Number(r.terminalId), overdueDays: Number(r.overdueDays) }));
  }

  /** Claims the contract's automatic cut for this caller (once across instances); whether it got it. */
  async claimCut(id: number, now: Date, retryBefore: Date): Promise<boolean> {
    const row = await this.db
      .updateTable('lease_contracts')
      .set({ cut_tried_at: now })
      .where('id', '=', id)
      .where('cut_at', 'is', null)
      .where((eb) => eb.or([eb('cut_tried_at', 'is', null), eb('cut_tried_at', '<', retryBefore)]))
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async markCut(id: number, now: Date): Promise<void> {
    await this.db.updateTable('lease_contracts').set({ cut_at: now }).where('id', '=', id).execute();
  }

  // ---- income

  /**
   * Contracts of the scope that overlap [from, to] (for rent due), payments in it by month and
   * kind, and the deposit held now over all the scope's contracts (fen).
   */
  async incomeInputs(scope: AccessScope, from: string, to: string): Promise<{
    contracts: { startDate: string; endDate: string; closedDate: string | null; monthlyRent: number; status: LeaseStatus }[];
    payments: { month: string; kind: string; amount: number }[];
    depositHeld: number;
  }> {
    const contracts = await this.contracts(scope, {})
      .select([DATE('c.start_date').as('startDate'), DATE('c.end_date').as('endDate'), sql<string | null>`to_char(c.closed_date, 'YYYY-MM-DD')`.as('closedDate'), 'c.monthly_rent as monthlyRent', 'c.status'])
      .where('c.start_date', '<=', to)
      .where('c.end_date', '>=', from)
      .execute();
    const payments = await this.contracts(scope, {})
      .innerJoin('lease_payments as p', 'p.contract_id', 'c.id')
      .select([sql<string>`to_char(p.paid_date, 'YYYY-MM')`.as('month'), 'p.kind', sql<string>`sum(p.amount)`.as('amount')])
      .where('p.paid_date', '>=', from)
      .where('p.paid_date', '<=', to)
      .groupBy([sql`to_char(p.paid_date, 'YYYY-MM')`, 'p.kind'])
      .execute();
    const held = await this.contracts(scope, {})
      .innerJoin('lease_payments as p', 'p.contract_id', 'c.id')
      .select(sql<string>`coalesce(sum(case p.kind when 'deposit' then p.amount when 'refund' then -p.amount else 0 end), 0)`.as('held'))
      .executeTakeFirstOrThrow();
    return {
      contracts: contracts.map((c) => ({ ...c, status: c.status as LeaseStatus })),
      payments: payments.map((p) => ({ month: p.month, kind: p.kind, amount: Number(p.amount) })),
      depositHeld: Number(held.held),
    };
  }

  // ---- settings

  async settings(tenantId: number): Promise<LeaseSettings> {
    const row = await this.db.selectFrom('lease_settings').select(['auto_cut as autoCut', 'auto_cut_days as autoCutDays']).where('tenant_id', '=', tenantId).executeTakeFirst();
    return row ?? DEFAULT_SETTINGS;
  }

  async saveSettings(tenantId: number, s: LeaseSettings): Promise<void> {
    await this.db
      .insertInto('lease_settings')
      .values({ tenant_id: tenantId, auto_cut: s.autoCut, auto_cut_days: s.autoCutDays })
      .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ auto_cut: s.autoCut, auto_cut_days: s.autoCutDays }))
      .execute();
  }
}

function toRenter(r: Omit<RenterRecord, 'openContracts'> & { openContracts: unknown }): RenterRecord {
  return { ...r, openContracts: Number(r.openContracts ?? 0) };
}

function toContract(r: Omit<ContractRecord, 'received' | 'depositHeld' | 'penalty' | 'status'> & { received: unknown; depositHeld: unknown; penalty: unknown; status: string }): ContractRecord {
  return { ...r, status: r.status as LeaseStatus, received: Number(r.received ?? 0), depositHeld: Number(r.depositHeld ?? 0), penalty: Number(r.penalty ?? 0) };
}

function toPayment(r: Omit<PaymentRecord, 'kind' | 'method'> & { kind: string; method: string }): PaymentRecord {
  return { ...r, kind: r.kind as LeasePaymentKind, method: r.method as LeasePaymentMethod };
}

/** Inserts a contract and numbers it ZL + the day in China + its id. */
async function signIn(trx: Trx, tenantId: number, f: ContractFields, now: Date): Promise<number> {
  const day = new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '');
  const { id } = await trx
    .insertInto('lease_contracts')
    .values({
      tenant_id: tenantId, contract_no: `pending-${tenantId}-${f.vehicleId}-${Date.now()}`, vehicle_id: f.vehicleId, renter_id: f.renterId,
      start_date: f.startDate, end_date: f.endDate, monthly_rent: f.monthlyRent, deposit: f.deposit, status: f.status, note: f.note, created_by: f.createdBy, created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.updateTable('lease_contracts').set({ contract_no: sql<string>`'ZL' || ${day} || lpad(id::text, 6, '0')` }).where('id', '=', id).execute();
  return id;
}

/**
 * Inserts a payment with the tenant's next receipt number of the year (China) it is issued in:
 * the counter row is locked by its update until the transaction ends, so two operators taking
 * money at once get consecutive numbers, and a payment rolled back gives its number back.
 */
async function issuePayment(trx: Trx, f: PaymentFields, now: Date): Promise<PaymentRecord> {
  const year = Number(new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 4));
  const { last } = await trx
    .insertInto('lease_receipt_counters')
    .values({ tenant_id: f.tenantId, year, last: 1 })
    .onConflict((oc) => oc.columns(['tenant_id', 'year']).doUpdateSet({ last: sql<number>`lease_receipt_counters.last + 1` }))
    .returning('last')
    .executeTakeFirstOrThrow();
  const receiptNo = `SJ-${year}-${String(last).padStart(6, '0')}`;
  const row = await trx
    .insertInto('lease_payments')
    .values({
      tenant_id: f.tenantId, contract_id: f.contractId, kind: f.kind, method: f.method, receipt_no: receiptNo, amount: f.amount, prepaid: f.prepaid, paid_date: f.paidDate,
      note: f.note, created_by: f.createdBy, operator: f.operator, created_at: now,
    })
    .returning(['id', 'created_at as createdAt'])
    .executeTakeFirstOrThrow();
  return { ...f, id: row.id, receiptNo, createdAt: row.createdAt };
}
