import { type AccessScope, type Database, escapeLike, type Kysely, sql, wholeNumber } from '../../../server/module';
import type { GbComplianceLine as SdkComplianceLine, GbDeclaration, GbRule } from '../../../sdk/gb-compliance';
import type { GbDatabase, GbTables } from './gb-tables';

/** What an operator fills in for a 备案 record, with the verdict computed from it. */
export type GbDeclarationFields = Pick<
  GbDeclaration,
  'ownerName' | 'ownerPhone' | 'brand' | 'model' | 'frameNo' | 'motorNo' | 'plateNo' | 'color' | 'designSpeed' | 'mass' | 'motorPower' | 'pedals' | 'compliant' | 'broken'
>;

export interface GbDeclarationRecord extends GbDeclarationFields {
  id: number;
  tenantId: number;
  tenantName: string;
  /** 备案编号, e.g. GB20261125000042. */
  recordNo: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A 备案登记 filter as the routes parsed it (the query strings of the contract's GbDeclarationFilter, read). */
export interface GbDeclarationSearch {
  /** Part of the record number, owner, frame, motor or plate number, or brand; the owner's phone whole. */
  keyword?: string;
  tenantId?: number;
  compliant?: boolean;
  ids?: readonly number[];
}

/** One customer's line of 合规报表 as counted (the API adds the non-compliant count and the rate). */
export type GbComplianceLine = Omit<SdkComplianceLine, 'nonCompliant' | 'rate'>;

/** 新国标 备案登记 records, always read and changed within the caller's tenant subtree. */
export class GbDeclarationQueries {
  private readonly db: Kysely<GbDatabase>;

  constructor(db: Kysely<Database>) {
    this.db = db.withTables<GbTables>();
  }

  private scoped(scope: AccessScope, filter: GbDeclarationSearch) {
    let q = this.db.selectFrom('gb_declarations as d').innerJoin('tenants as tn', 'tn.id', 'd.tenant_id').where('d.tenant_id', 'in', [...scope.tenantIds]);
    const keyword = filter.keyword?.trim();
    if (keyword) {
      const like = `%${escapeLike(keyword)}%`;
      q = q.where((eb) =>
        eb.or([
          ...['d.record_no', 'd.owner_name', 'd.frame_no', 'd.motor_no', 'd.plate_no', 'd.brand'].map((c) => eb(c as 'd.brand', 'ilike', like)),
          eb('d.owner_phone', '=', wholeNumber(keyword)),
        ]),
      );
    }
    if (filter.tenantId !== undefined) q = q.where('d.tenant_id', '=', filter.tenantId);
    if (filter.compliant !== undefined) q = q.where('d.compliant', '=', filter.compliant);
    if (filter.ids) q = q.where('d.id', 'in', filter.ids.length ? [...filter.ids] : [-1]);
    return q;
  }

  private selectRecord(scope: AccessScope, filter: GbDeclarationSearch) {
    return this.scoped(scope, filter).select([
      'd.id', 'd.tenant_id as tenantId', 'tn.name as tenantName', 'd.record_no as recordNo', 'd.owner_name as ownerName', 'd.owner_phone as ownerPhone',
      'd.brand', 'd.model', 'd.frame_no as frameNo', 'd.motor_no as motorNo', 'd.plate_no as plateNo', 'd.color', 'd.design_speed as designSpeed',
      'd.mass', 'd.motor_power as motorPower', 'd.pedals', 'd.compliant', 'd.broken', 'd.created_at as createdAt', 'd.updated_at as updatedAt',
    ]);
  }

  async page(scope: AccessScope, filter: GbDeclarationSearch, offset: number, limit: number): Promise<{ total: number; list: GbDeclarationRecord[] }> {
    const [count, rows] = await Promise.all([
      this.scoped(scope, filter).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      this.selectRecord(scope, filter).orderBy('d.id', 'desc').offset(offset).limit(limit).execute(),
    ]);
    return { total: Number(count.n), list: rows.map(toRecord) };
  }

  async all(scope: AccessScope, filter: GbDeclarationSearch, max: number): Promise<GbDeclarationRecord[]> {
    return (await this.selectRecord(scope, filter).orderBy('d.id', 'desc').limit(max).execute()).map(toRecord);
  }

  async findMany(scope: AccessScope, ids: readonly number[]): Promise<GbDeclarationRecord[]> {
    return (await this.selectRecord(scope, { ids }).orderBy('d.id').execute()).map(toRecord);
  }

  /** The tenant's record with this frame number, if any. */
  async findByFrame(tenantId: number, frameNo: string): Promise<{ id: number } | undefined> {
    return this.db.selectFrom('gb_declarations').select('id').where('tenant_id', '=', tenantId).where('frame_no', '=', frameNo).executeTakeFirst();
  }

  /** Stores a record and gives it its number: GB, the day in China, the id. */
  async insert(tenantId: number, f: GbDeclarationFields): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('gb_declarations')
        .values({ tenant_id: tenantId, record_no: `pending-${tenantId}-${f.frameNo}`, ...columns(f) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('gb_declarations')
        .set({ record_no: sql<string>`'GB' || to_char(now() at time zone 'Asia/Shanghai', 'YYYYMMDD') || lpad(id::text, 6, '0')` })
        .where('id', '=', id)
        .execute();
      return id;
    });
  }

  async update(id: number, f: GbDeclarationFields): Promise<void> {
    await this.db.updateTable('gb_declarations').set({ ...columns(f), updated_at: sql<Date>`now()` }).where('id', '=', id).execute();
  }

  async delete(ids: readonly number[]): Promise<void> {
    if (ids.length) await this.db.deleteFrom('gb_declarations').where('id', 'in', [...ids]).execute();
  }

  /** 合规报表: per customer of the scope (or one), records, compliant ones and how many break each rule. */
  async complianceByTenant(scope: AccessScope, tenantId?: number): Promise<GbComplianceLine[]> {
    const rule = (r: GbRule) => sql<string>`count(*) filter (where d.broken ? ${r})`;
    const rows = await this.scoped(scope, { tenantId })
      .select([
        'd.tenant_id as tenantId', 'tn.name as tenantName', (eb) => eb.fn.countAll().as('total'),
        sql<string>`count(*) filter (where d.compliant)`.as('compliant'), rule('designSpeed').as('designSpeed'), rule('mass').as('mass'),
        rule('motorPower').as('motorPower'), rule('pedals').as('pedals'),
      ])
      .groupBy(['d.tenant_id', 'tn.name'])
      .orderBy('tn.name')
      .execute();
    return rows.map((r) => ({
      tenantId: r.tenantId, tenantName: r.tenantName, total: Number(r.total), compliant: Number(r.compliant),
      broken: { designSpeed: Number(r.designSpeed), mass: Number(r.mass), motorPower: Number(r.motorPower), pedals: Number(r.pedals) },
    }));
  }
}

function columns(f: GbDeclarationFields) {
  return {
    owner_name: f.ownerName, owner_phone: f.ownerPhone, brand: f.brand, model: f.model, frame_no: f.frameNo, motor_no: f.motorNo, plate_no: f.plateNo,
    color: f.color, design_speed: f.designSpeed, mass: f.mass, motor_power: f.motorPower, pedals: f.pedals, compliant: f.compliant, broken: JSON.stringify(f.broken),
  };
}

type Row = Omit<GbDeclarationRecord, 'broken'> & { broken: unknown };

function toRecord(r: Row): GbDeclarationRecord {
  const broken = (typeof r.broken === 'string' ? JSON.parse(r.broken) : r.broken) as GbRule[];
  return { ...r, broken };
}
