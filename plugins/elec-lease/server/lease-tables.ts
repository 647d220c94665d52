import type { ColumnType, Database, Generated } from '../../../server/module';

/** Kysely types of the tables 电动车租赁's migrations create (migrations/); they mirror them exactly. */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type DateOnly = ColumnType<string | null, string | null | undefined, string | null>;

/** 电动车租赁 renters (租户) of a tenant. */
export interface LeaseRenterTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  phone: string;
  id_no: string;
  created_at: CreatedAt;
}

/** 电动车租赁 contracts; money in fen, dates as YYYY-MM-DD. */
export interface LeaseContractTable {
  id: Generated<number>;
  tenant_id: number;
  contract_no: string;
  vehicle_id: number;
  renter_id: number;
  start_date: ColumnType<string, string, string>;
  end_date: ColumnType<string, string, string>;
  monthly_rent: number;
  deposit: number;
  /** pending | active | overdue | returned | terminated. */
  status: string;
  closed_date: DateOnly;
  note: ColumnType<string, string | undefined, string>;
  overdue_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  cut_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  cut_tried_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_by: number | null;
  created_at: CreatedAt;
}

/** 电动车租赁 收款 and 退押金, money in fen (a refund's amount is positive too). */
export interface LeasePaymentTable {
  id: Generated<number>;
  tenant_id: number;
  contract_id: number;
  /** rent | deposit | penalty | refund. */
  kind: string;
  /** cash | wechat | alipay | bank | card | other. */
  method: string;
  receipt_no: string;
  amount: number;
  prepaid: ColumnType<number, number | undefined, number>;
  paid_date: ColumnType<string, string, string>;
  note: ColumnType<string, string | undefined, string>;
  created_by: number | null;
  operator: ColumnType<string, string | undefined, string>;
  created_at: CreatedAt;
}

/** The last receipt number issued by a tenant in a year. */
export interface LeaseReceiptCounterTable {
  tenant_id: number;
  year: number;
  last: number;
}

/** 租赁设置 per tenant: automatic 断电 of overdue e-bikes. */
export interface LeaseSettingsTable {
  tenant_id: number;
  auto_cut: boolean;
  auto_cut_days: number;
}

/** 电动车租赁's own tables (a type, not an interface: `withTables` wants an index signature). */
export type LeaseTables = {
  lease_renters: LeaseRenterTable;
  lease_contracts: LeaseContractTable;
  lease_payments: LeasePaymentTable;
  lease_receipt_counters: LeaseReceiptCounterTable;
  lease_settings: LeaseSettingsTable;
};

/** The shared tables (vehicles, terminals, …) and 电动车租赁's. */
export type LeaseDatabase = Database & LeaseTables;
