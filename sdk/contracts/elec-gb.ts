import { defineEndpoint } from '../endpoint';
import { BACKGROUND_EXPORT_LIMIT } from '../pagination';
import type { GbComplianceLine, GbDeclaration } from '../gb-compliance';
import { int, object, pagingProperties, text } from '../json-schema';

const BASE = '/car/v4/api/prevent/declare';
/** Rows one export holds at most (the same for every admin export). */
/** Records one batch call (delete) takes at most. */
const MAX_BATCH = 500;

/** The filters of 备案登记 (list and export). */
export interface GbDeclarationFilter {
  keyword?: string;
  tenantId?: number;
  /** '1' compliant, '0' not, '' all. */
  compliant?: string;
  /** Only these records: ids separated by commas (the labels to print). */
  ids?: string;
}

/** A 备案 as the form sends it: texts trimmed, numbers as typed (the server reads text or numbers). */
export interface GbDeclarationBody {
  ownerName?: string;
  ownerPhone?: string;
  brand?: string;
  model?: string;
  frameNo?: string;
  motorNo?: string;
  plateNo?: string;
  color?: string;
  designSpeed?: string | number;
  mass?: string | number;
  motorPower?: string | number;
  pedals?: boolean;
}

const filterProperties = {
  keyword: text('关键词', 50), tenantId: int('客户', 1), compliant: { type: 'string', title: '合规状态', enum: ['', '0', '1'] },
  ids: text('备案', 2000, { pattern: '^\\d+(,\\d+)*$' }),
};

const bodyProperties = {
  ownerName: text('车主姓名', 20), ownerPhone: text('车主手机号', 11), brand: text('品牌', 30), model: text('型号', 30), frameNo: text('车架号', 30),
  motorNo: text('电机号', 30), plateNo: text('号牌', 20), color: text('颜色', 10),
  // no type: the form may send numbers as text; the server reads both
  designSpeed: { title: '最高设计车速' }, mass: { title: '整车质量' }, motorPower: { title: '电机功率' },
  pedals: { type: 'boolean', title: '脚踏骑行功能' },
};

/** 新国标 (docs/api-contract.md, 新国标): 备案登记 and 合规报表. */
export const ElecGbApi = {
  list: defineEndpoint<GbDeclarationFilter & { current: number; pageSize: number }, undefined, { total: number; list: GbDeclaration[] }>({
    method: 'GET',
    path: `${BASE}/list.json`,
    summary: '新国标备案登记：本级及下级客户的备案，分页，新的在前；合规状态 compliant=1/0',
    query: object({ ...pagingProperties, ...filterProperties }),
  }),
  add: defineEndpoint<Record<string, never>, GbDeclarationBody & { tenantId?: number }, GbDeclaration>({
    method: 'POST',
    path: `${BASE}/add.json`,
    summary: '新增备案（tenantId 缺省为本客户；车架号在客户内唯一）：按 GB 17761-2018 判定合规 / 不合规并记下原因',
    body: object({ ...bodyProperties, tenantId: int('客户', 1) }),
  }),
  update: defineEndpoint<Record<string, never>, GbDeclarationBody & { id: number }, GbDeclaration>({
    method: 'POST',
    path: `${BASE}/update.json`,
    summary: '编辑备案（重新判定合规）',
    body: object({ ...bodyProperties, id: int('备案', 1) }, ['id']),
  }),
  remove: defineEndpoint<Record<string, never>, { ids: number[] }, { deleted: number }>({
    method: 'POST',
    path: `${BASE}/delete.json`,
    summary: '删除备案',
    body: object({ ids: { type: 'array', title: '备案', minItems: 1, maxItems: MAX_BATCH, items: int('备案', 1) } }, ['ids']),
  }),
  /** Answers a PNG (format=png) unless format=dataUrl. */
  qrCode: defineEndpoint<{ id: number; format?: 'png' | 'dataUrl'; downloadToken?: string }, undefined, { dataUrl: string; text: string }>({
    method: 'GET',
    path: `${BASE}/generateQRCode.json`,
    summary: '备案标签的二维码：format=png（默认，image/png）或 dataUrl（{dataUrl, text}）；sessionId 头或一次性 downloadToken',
    query: object({ id: int('备案', 1), format: { type: 'string', title: '格式', enum: ['png', 'dataUrl'] }, downloadToken: text('下载令牌', 100) }, ['id']),
  }),
  /** Answers an xlsx file (http.downloadBlob). */
  exportList: defineEndpoint<Record<string, never>, GbDeclarationFilter, unknown>({
    method: 'POST',
    path: `${BASE}/export.json`,
    summary: `导出备案（xlsx，条件同 list.json，最多 ${BACKGROUND_EXPORT_LIMIT} 行）`,
    body: object(filterProperties),
  }),
  report: defineEndpoint<{ tenantId?: number }, undefined, { lines: GbComplianceLine[]; total: GbComplianceLine }>({
    method: 'GET',
    path: `${BASE}/report.json`,
    summary: '合规报表：每个客户的备案数、合规数、不合规数、合规率和各项不合规原因的电动车数，及合计',
    query: object({ tenantId: int('客户', 1) }),
  }),
  /** Answers an xlsx file (http.downloadBlob). */
  exportReport: defineEndpoint<Record<string, never>, { tenantId?: number }, unknown>({
    method: 'POST',
    path: `${BASE}/reportExport.json`,
    summary: '导出合规报表（xlsx）',
    body: object({ tenantId: int('客户', 1) }),
  }),
};
