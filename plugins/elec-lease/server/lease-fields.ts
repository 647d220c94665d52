import { badInput, toChinaIso } from '../../../server/module';
import {
  amountInWords, isMobilePhone, isResidentIdNumber, LEASE_PAYMENT_KIND_NAMES, LEASE_PAYMENT_METHOD_NAMES, LEASE_STATUS_NAMES, maskIdNumber, maskMobile,
  type LeaseContract, type LeasePayment, type LeaseRenter, type LeaseStatus,
} from '../../../sdk/lease';
import { rentDueOn } from './lease-income';
import type { ContractRecord, PaymentRecord, RenterRecord } from './lease-queries';

/** 电动车租赁 (platform 23) menus and buttons (docs/api-contract.md). */
export const LeaseResource = {
  renters: 2302, addRenter: 230201, editRenter: 230202, removeRenter: 230203, exportRenters: 230204,
  contracts: 2303, sign: 230301, renew: 230302, giveBack: 230303, terminate: 230304, pay: 230305, exportContracts: 230306,
  income: 2304, exportIncome: 230401,
  settings: 2305, saveSettings: 230501, repair: 230502,
} as const;

const textOf = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());

/** A renter's name, mobile phone and 居民身份证 number, checked; the first problem in Chinese. */
export function checkRenter(input: { name?: unknown; phone?: unknown; idNo?: unknown }): { name: string; phone: string; idNo: string } {
  const name = textOf(input.name);
  const phone = textOf(input.phone);
  const idNo = textOf(input.idNo).toUpperCase();
  if (!name) throw badInput('租户姓名不能为空');
  if (name.length > 20) throw badInput('租户姓名不能超过 20 个字符');
  if (!isMobilePhone(phone)) throw badInput('手机号格式不正确，应为 11 位手机号');
  if (!/^\d{17}[\dX]$/.test(idNo)) throw badInput('身份证号格式不正确，应为 18 位居民身份证号');
  if (!isResidentIdNumber(idNo)) throw badInput('身份证号校验不通过，请核对出生日期和最后一位校验码');
  return { name, phone, idNo };
}

/** A YYYY-MM-DD day that exists. */
export function checkDay(value: unknown, label: string): string {
  const day = textOf(value);
  if (!day) throw badInput(`${label}不能为空`);
  const d = new Date(`${day}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== day) throw badInput(`${label}格式不正确，应为 YYYY-MM-DD`);
  if (day < '2000-01-01' || day > '2099-12-31') throw badInput(`${label}超出允许的范围`);
  return day;
}

/** Yuan (at most two decimals, 0 … 1,000,000) as fen. */
export function checkMoney(value: unknown, label: string, min = 0): number {
  const text = textOf(value);
  if (!text) throw badInput(`${label}不能为空`);
  const n = Number(text);
  if (!/^\d+(\.\d{1,2})?$/.test(text) || !Number.isFinite(n) || n < min || n > 1_000_000) {
    throw badInput(`${label}必须是 ${min} 到 1000000 之间的金额（元，最多两位小数）`);
  }
  return Math.round(n * 100);
}

/** The state a contract's dates give on `today`. */
export function statusOn(startDate: string, endDate: string, today: string): LeaseStatus {
  if (endDate < today) return 'overdue';
  return startDate > today ? 'pending' : 'active';
}

/**
 * The state a contract is stored in when entered: as its dates give, except that one already past
 * its end is stored 租赁中 for the due and overdue check to turn 已逾期 (and raise its one alarm).
 */
export function enteredStatus(startDate: string, endDate: string, today: string): LeaseStatus {
  const status = statusOn(startDate, endDate, today);
  return status === 'overdue' ? 'active' : status;
}

const yuan = (fen: number) => fen / 100;

export function renterItem(r: RenterRecord): LeaseRenter {
  return { id: r.id, tenantId: r.tenantId, name: r.name, phone: maskMobile(r.phone), idNo: maskIdNumber(r.idNo), openContracts: r.openContracts, createTime: toChinaIso(r.createdAt) };
}

/** Days between two YYYY-MM-DD days. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** 欠费 ¥…, 预付 ¥… or 已结清 for a balance in fen (rent received less rent due). */
export function balanceName(balance: number): string {
  if (balance < 0) return `欠费 ¥${yuan(-balance)}`;
  return balance > 0 ? `预付 ¥${yuan(balance)}` : '已结清';
}

/** Rent still owed now (fen, 0 when paid ahead). */
export function rentOwed(c: ContractRecord, today: string): number {
  return Math.max(0, rentDueOn(c, today) - c.received);
}

export function contractItem(c: ContractRecord, today: string): LeaseContract {
  const rentDue = rentDueOn(c, today);
  return {
    id: c.id, contractNo: c.contractNo, tenantId: c.tenantId, vehicleId: c.vehicleId, plateNo: c.plateNo, renterId: c.renterId, renterName: c.renterName,
    renterPhone: maskMobile(c.renterPhone), startDate: c.startDate, endDate: c.endDate, monthlyRent: yuan(c.monthlyRent), deposit: yuan(c.deposit),
    status: c.status, statusName: LEASE_STATUS_NAMES[c.status], closedDate: c.closedDate,
    overdueDays: c.status === 'overdue' ? Math.max(0, daysBetween(c.endDate, today)) : 0, received: yuan(c.received),
    rentDue: yuan(rentDue), balance: yuan(c.received - rentDue), balanceName: balanceName(c.received - rentDue), depositHeld: yuan(c.depositHeld), penalty: yuan(c.penalty),
    note: c.note, createTime: toChinaIso(c.createdAt),
  };
}

export function paymentItem(p: PaymentRecord): LeasePayment {
  return {
    id: p.id, contractId: p.contractId, receiptNo: p.receiptNo, kind: p.kind, kindName: LEASE_PAYMENT_KIND_NAMES[p.kind], method: p.method,
    methodName: LEASE_PAYMENT_METHOD_NAMES[p.method], amount: yuan(p.amount), amountInWords: amountInWords(yuan(p.amount)), paidDate: p.paidDate,
    prepaid: yuan(p.prepaid), note: p.note, operator: p.operator, createTime: toChinaIso(p.createdAt),
  };
}
