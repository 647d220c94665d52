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

/** An e-bike a contract may be signed for, as bikes.json answers it. */
export interface LeaseBike {
  id: number;
  tenantId: number;
  plateNo: string;
  inRepair: boolean;
  /** In a 待生效, 租赁中 or 已逾期 contract. */
  rented: boolean;
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
  /** Rent received so far (租金 payments only; deposits and 违约金 apart). */
  received: number;
  /** Rent fallen due so far: one month's rent at the start of each rental month up to today or the contract's end. */
  rentDue: number;
  /** received − rentDue: above 0 预付, below 0 欠费. */
  balance: number;
  /** 欠费 ¥…, 预付 ¥… or 已结清. */
  balanceName: string;
  /** Deposit held now: 押金 received less 退押金. */
  depositHeld: number;
  /** 违约金 received. */
  penalty: number;
  note: string;
  createTime: string;
}

/** What a payment is for: 租金, 押金, 违约金, 退押金 (money paid back, not in). */
export type LeasePaymentKind = 'rent' | 'deposit' | 'penalty' | 'refund';

export const LEASE_PAYMENT_KIND_NAMES: Readonly<Record<LeasePaymentKind, string>> = {
  rent: '租金', deposit: '押金', penalty: '违约金', refund: '退押金',
};

/** How it was paid. */
export type LeasePaymentMethod = 'cash' | 'wechat' | 'alipay' | 'bank' | 'card' | 'other';

export const LEASE_PAYMENT_METHOD_NAMES: Readonly<Record<LeasePaymentMethod, string>> = {
  cash: '现金', wechat: '微信', alipay: '支付宝', bank: '银行转账', card: '刷卡', other: '其他',
};

/** One 收款 (or 退押金) with its receipt, as the API answers it; money in yuan. */
export interface LeasePayment {
  id: number;
  contractId: number;
  /** SJ-2026-000123: numbered per tenant and year of issue, without gaps. */
  receiptNo: string;
  kind: LeasePaymentKind;
  kindName: string;
  method: LeasePaymentMethod;
  methodName: string;
  amount: number;
  /** The amount in capitals for the receipt: 叁佰元整. */
  amountInWords: string;
  paidDate: string;
  /** Of a rent payment, the part above the rent then owed (预付, confirmed by the operator). */
  prepaid: number;
  note: string;
  operator: string;
  createTime: string;
}

/** A contract's payments and what a printed receipt heads with. */
export interface LeasePaymentList {
  contract: LeaseContract;
  tenantName: string;
  list: LeasePayment[];
}

/** 合同导入: the rows of a spreadsheet that were refused (nothing is imported then). */
export interface LeaseImportRowErrors {
  row: number;
  errors: string[];
}

/** 收入概览: one month's rent due and received, and the deposits and 违约金 apart, in yuan. */
export interface LeaseIncomeMonth {
  month: string;
  due: number;
  /** 实收租金: rent payments only. */
  received: number;
  /** 押金 taken. */
  deposit: number;
  /** 押金 paid back (退押金). */
  refunded: number;
  /** 违约金 taken. */
  penalty: number;
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

/** 收入概览: the months asked, their totals, the deposits held now and how the e-bikes are used. */
export interface LeaseIncome {
  months: LeaseIncomeMonth[];
  total: Omit<LeaseIncomeMonth, 'month'>;
  /** Deposits held now over all contracts (taken less paid back), whatever the months asked. */
  depositHeld: number;
  utilisation: LeaseUtilisation;
}

/** 租赁设置 of a tenant. */
export interface LeaseSettings {
  /** Send 断电 to an e-bike whose contract is this many days overdue. Off by default. */
  autoCut: boolean;
  autoCutDays: number;
}

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const UNITS = ['', '拾', '佰', '仟'];
const SECTIONS = ['', '万', '亿'];

/** 0 … 9999 in capitals, a 零 for each run of zeros between digits: 1005 → 壹仟零伍. */
function sectionInWords(part: number): string {
  let words = '';
  let zero = false;
  for (let d = 3; d >= 0; d--) {
    const digit = Math.floor(part / 10 ** d) % 10;
    if (digit === 0) zero = words !== '';
    else {
      words += `${zero ? '零' : ''}${DIGITS[digit]}${UNITS[d]}`;
      zero = false;
    }
  }
  return words;
}

/** A yuan amount in the capitals of Chinese receipts: 1234.5 → 壹仟贰佰叁拾肆元伍角, 100500 → 壹拾万零伍佰元整. */
export function amountInWords(yuan: number): string {
  const fen = Math.round(Math.abs(yuan) * 100);
  const whole = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const cents = fen % 10;
  const parts: number[] = [];
  for (let rest = whole; rest > 0; rest = Math.floor(rest / 10000)) parts.unshift(rest % 10000);
  let text = '';
  let zero = false;
  parts.forEach((part, i) => {
    if (part === 0) {
      zero = text !== '';
      return;
    }
    if (text && (zero || part < 1000)) text += '零';
    text += sectionInWords(part) + SECTIONS[parts.length - 1 - i];
    zero = false;
  });
  if (text) text += '元';
  if (jiao === 0 && cents === 0) return `${text || '零元'}整`;
  if (jiao > 0) text += `${DIGITS[jiao]}角`;
  else if (text) text += '零';
  if (cents > 0) text += `${DIGITS[cents]}分`;
  return text;
}
