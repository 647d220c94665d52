/**
 * 电动车租赁: the renter checks (居民身份证 with its check digit, mobile phone), how an identity
 * number and a phone are shown masked, contract states, and the shapes the server answers. One
 * rule for the server that refuses bad input and the forms that warn while typing. Pure.
 */

/** A contract's state: 待生效, 租赁中, 已逾期, 已退租, 已终止. */
export type LeaseStatus = 'pending' | 'active' | 'overdue' | 'returned' | 'terminated';

export const LEASE_STATUS_NAMES: Readonly<Record<LeaseStatus, string>> = {
  pending: '待生效', active: '租赁中', overdue: '已逾期', returned: '已退租', terminated: '已终止',
};

/** The states in which a contract holds its e-bike (an e-bike is in at most one of them). */
export const OPEN_LEASE_STATUSES: readonly LeaseStatus[] = ['pending', 'active', 'overdue'];

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/**
 * Whether `idNo` is an 18-digit 居民身份证 number (GB 11643-1999): a region code, a real birth
 * date and the ISO 7064 MOD 11-2 check character (X for 10).
 */
export function isResidentIdNumber(idNo: string): boolean {
  if (!/^[1-9]\d{16}[\dX]$/.test(idNo)) return false;
  const y = Number(idNo.slice(6, 10));
  const m = Number(idNo.slice(10, 12));
  const d = Number(idNo.slice(12, 14));
  const birth = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || birth.getUTCMonth() !== m - 1 || birth.getUTCDate() !== d) return false;
  const sum = ID_WEIGHTS.reduce((acc, w, i) => acc + w * Number(idNo[i]), 0);
  return ID_CHECK[sum % 11] === idNo[17];
}

/** A mainland mobile number: 11 digits from 13… to 19…. */
export function isMobilePhone(phone: string): boolean {
  return /^1[3-9]\d{9}$/.test(phone);
}

/** An identity number as operators see it: 110105********1234. */
export function maskIdNumber(idNo: string): string {
  return idNo.length === 18 ? `${idNo.slice(0, 6)}********${idNo.slice(14)}` : idNo;
}

/** A phone as operators see it: 138****1234. */
export function maskMobile(phone: string): string {
  return /^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

/** A renter as the API answers it: the phone and identity number masked. */
export interface LeaseRenter {
  id: number;
  tenantId: number;
  name: string;
  /** Masked: 138****1234. */
  phone: string;
  /** Masked: 110105********1234. */
  idNo: string;
  /** Contracts in 待生效, 租赁中 or 已逾期. */
  openContracts: number;
  createTime: string;
}

/** A contract as the API answers it; money in yuan, dates YYYY-MM-DD. */
export interface LeaseContract {
  id: number;
  contractNo: string;
  tenantId: number;
  vehicleId: number;
  plateNo: string;
  renterId: number;
  renterName: string;
  /** Masked. */
  renterPhone: string;
  startDate: string;
  endDate: string;
  monthlyRent: number;
  deposit: number;
  status: LeaseStatus;
  statusName: string;
  /** The day it was returned or terminated. */
  closedDate: string | null;
  /** Days past the end date while 已逾期 (0 otherwise). */
  overdueDays: number;
  /** Rent received so far. */
  received: number;
  note: string;
  createTime: string;
}

/** 收入概览: one month's rent due and received, in yuan. */
export interface LeaseIncomeMonth {
  month: string;
  due: number;
  received: number;
}

/** 收入概览: how the tenant's e-bikes are used now. */
export interface LeaseUtilisation {
  total: number;
  rented: number;
  idle: number;
  inRepair: number;
  /** rented / total, in percent with one decimal. */
  rate: number;
}

/** 租赁设置 of a tenant. */
export interface LeaseSettings {
  /** Send 断电 to an e-bike whose contract is this many days overdue. Off by default. */
  autoCut: boolean;
  autoCutDays: number;
}
