import type { GbRule } from '@tianlu/sdk';

/** 新国标 server calls (docs/api-contract.md, 新国标). */
const BASE = '/car/v4/api/prevent/declare';

export const GbPaths = {
  list: `${BASE}/list.json`,
  add: `${BASE}/add.json`,
  update: `${BASE}/update.json`,
  remove: `${BASE}/delete.json`,
  exportList: `${BASE}/export.json`,
  qrCode: `${BASE}/generateQRCode.json`,
  report: `${BASE}/report.json`,
  exportReport: `${BASE}/reportExport.json`,
} as const;

/** 备案登记 (2610) and 合规报表 (2620) with their buttons. */
export const GbButtons = { add: 261001, edit: 261002, remove: 261003, export: 261004, label: 261005, exportReport: 262001 } as const;

/** A 备案 record as the server answers it. */
export interface Declaration {
  id: number;
  recordNo: string;
  tenantId: number;
  tenantName: string;
  ownerName: string;
  ownerPhone: string;
  brand: string;
  model: string;
  frameNo: string;
  motorNo: string;
  plateNo: string;
  color: string;
  designSpeed: number;
  mass: number;
  motorPower: number;
  pedals: boolean;
  compliant: boolean;
  broken: GbRule[];
  /** 车速超标 … for each broken rule. */
  reasons: string[];
  createTime: string;
}

/** One customer's line of 合规报表. */
export interface ComplianceLine {
  tenantId: number;
  tenantName: string;
  total: number;
  compliant: number;
  nonCompliant: number;
  /** Percent; null without records. */
  rate: number | null;
  broken: Record<GbRule, number>;
}

/** A phone shown to operators: 138****1234. */
export function maskPhone(phone: string): string {
  return /^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}
