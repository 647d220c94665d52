import QRCode from 'qrcode';
import { GB_RULE_NAMES, type GbDeclaration } from '../../../sdk/gb-compliance';
import { maskMobile } from '../../../sdk/lease';
import type { GbDeclarationFields, GbDeclarationRecord } from '../../store/gb-declaration-queries';
import { badInput, notFound } from '../envelope';
import { sessionRoute } from '../route-definition';
import { int, object, pageOffset, pagingProperties, text } from '../schema-helpers';
import { toChinaIso } from '../../time/china-time';
import { buildSheet, sendSheet, sheetFileName } from '../system/admin-sheet';
import { EXPORT_LIMIT, flagSchema, flagValue, heldResources, idsSchema, requireAll, tenantInScope, type Caller } from '../system/asset-admin-rules';
import { checkGbDeclaration, type GbDeclarationInput } from '../../elec-gb/gb-declaration-fields';

const BASE = '/car/v4/api/prevent/declare';
/** 备案登记 (menu 2610) and its buttons. */
export const GbResource = { declare: 2610, add: 261001, edit: 261002, remove: 261003, export: 261004, label: 261005 } as const;

interface ListQuery {
  current: number;
  pageSize: number;
  keyword?: string;
  tenantId?: number;
  compliant?: string;
  /** Only these records: ids separated by commas (the labels to print). */
  ids?: string;
}

const filterProperties = {
  keyword: text('关键词', 50), tenantId: int('客户', 1), compliant: flagSchema('合规状态'),
  ids: text('备案', 2000, { pattern: '^\\d+(,\\d+)*$' }),
};

/**
 * A record as the API answers it: the verdict with its reasons; the owner's phone whole only for
 * those who may edit the record (261002), masked (138****1234) for everyone else and in the log.
 */
export function declarationItem(r: GbDeclarationRecord, fullPhone = false): GbDeclaration {
  return {
    id: r.id, recordNo: r.recordNo, tenantId: r.tenantId, tenantName: r.tenantName, ownerName: r.ownerName, ownerPhone: fullPhone ? r.ownerPhone : maskMobile(r.ownerPhone), brand: r.brand,
    model: r.model, frameNo: r.frameNo, motorNo: r.motorNo, plateNo: r.plateNo, color: r.color, designSpeed: r.designSpeed, mass: r.mass,
    motorPower: r.motorPower, pedals: r.pedals, compliant: r.compliant, broken: r.broken, reasons: r.broken.map((b) => GB_RULE_NAMES[b]),
    createTime: toChinaIso(r.createdAt), updateTime: toChinaIso(r.updatedAt),
  };
}

/** Whether the caller may edit 备案 and so see owners' phones whole. */
async function mayEdit(ctx: Caller): Promise<boolean> {
  return (await heldResources(ctx)).has(GbResource.edit);
}

function filterOf(s: { tenantIds: readonly number[] }, q: Omit<ListQuery, 'current' | 'pageSize'>) {
  if (q.tenantId !== undefined && !s.tenantIds.includes(q.tenantId)) throw notFound('客户不存在');
  const ids = q.ids ? [...new Set(q.ids.split(',').map(Number))] : undefined;
  if (ids && ids.length > 200) throw badInput('一次最多 200 条备案');
  return { keyword: q.keyword, tenantId: q.tenantId, compliant: flagValue(q.compliant), ids };
}

export const gbListRoute = sessionRoute<ListQuery>({
  method: 'GET',
  url: `${BASE}/list.json`,
  summary: '新国标备案登记：本级及下级客户的备案，分页，新的在前；合规状态 compliant=1/0',
  resource: GbResource.declare,
  schema: { querystring: object({ ...pagingProperties, ...filterProperties }) },
  handler: async (ctx) => {
    const { query, deps, scope } = ctx;
    const s = await scope();
    const { offset, limit } = pageOffset(query);
    const page = await deps.store.gb.page(s, filterOf(s, query), offset, limit);
    const full = await mayEdit(ctx);
    return { total: page.total, list: page.list.map((r) => declarationItem(r, full)) };
  },
});

const bodyProperties = {
  ownerName: text('车主姓名', 20), ownerPhone: text('车主手机号', 11), brand: text('品牌', 30), model: text('型号', 30), frameNo: text('车架号', 30),
  motorNo: text('电机号', 30), plateNo: text('号牌', 20), color: text('颜色', 10),
  // no type: the form may send numbers as text; checkGbDeclaration reads both
  designSpeed: { title: '最高设计车速' }, mass: { title: '整车质量' }, motorPower: { title: '电机功率' },
  pedals: { type: 'boolean', title: '脚踏骑行功能' },
};

function checked(body: GbDeclarationInput) {
  const { fields, error } = checkGbDeclaration(body);
  if (!fields) throw badInput(error ?? '备案信息不正确');
  return fields;
}

export const gbAddRoute = sessionRoute<unknown, GbDeclarationInput & { tenantId?: number }>({
  method: 'POST',
  url: `${BASE}/add.json`,
  summary: '新增备案（tenantId 缺省为本客户；车架号在客户内唯一）：按 GB 17761-2018 判定合规 / 不合规并记下原因',
  resource: GbResource.add,
  schema: { body: object({ ...bodyProperties, tenantId: int('客户', 1) }) },
  handler: async (ctx) => {
    const { body, deps, scope, user, audit } = ctx;
    const s = await scope();
    const tenantId = tenantInScope(s, body.tenantId ?? user.tenantId);
    const fields = checked(body);
    if (await deps.store.gb.findByFrame(tenantId, fields.frameNo)) throw badInput(`车架号 ${fields.frameNo} 已备案`);
    const id = await deps.store.gb.insert(tenantId, fields);
    const [created] = await deps.store.gb.findMany(s, [id]);
    await audit({ action: '新增备案', target: `备案 ${created!.recordNo}`, after: { ...fields, ownerPhone: maskMobile(fields.ownerPhone) }, tenantId });
    return declarationItem(created!, await mayEdit(ctx));
  },
});

/** The record as edited: a field the request leaves out keeps its stored value; '' or null empties it. */
function editedDeclaration(before: GbDeclarationFields, body: GbDeclarationInput): GbDeclarationInput {
  const stored: GbDeclarationInput = {
    ownerName: before.ownerName, ownerPhone: before.ownerPhone, brand: before.brand, model: before.model, frameNo: before.frameNo,
    motorNo: before.motorNo, plateNo: before.plateNo, color: before.color, designSpeed: before.designSpeed, mass: before.mass,
    motorPower: before.motorPower, pedals: before.pedals,
  };
  const sent = Object.fromEntries(Object.entries(body).filter(([key, value]) => key in stored && value !== undefined));
  return { ...stored, ...sent };
}

export const gbUpdateRoute = sessionRoute<unknown, GbDeclarationInput & { id: number }>({
  method: 'POST',
  url: `${BASE}/update.json`,
  summary: '编辑备案（重新判定合规）',
  resource: GbResource.edit,
  schema: { body: object({ ...bodyProperties, id: int('备案', 1) }, ['id']) },
  handler: async ({ body, deps, scope, audit }) => {
    const s = await scope();
    const [before] = await deps.store.gb.findMany(s, [body.id]);
    if (!before) throw notFound('备案不存在');
    const fields = checked(editedDeclaration(before, body));
    const same = await deps.store.gb.findByFrame(before.tenantId, fields.frameNo);
    if (same && same.id !== before.id) throw badInput(`车架号 ${fields.frameNo} 已备案`);
    await deps.store.gb.update(before.id, fields);
    const [after] = await deps.store.gb.findMany(s, [before.id]);
    await audit({ action: '编辑备案', target: `备案 ${before.recordNo}`, before: declarationItem(before), after: { ...fields, ownerPhone: maskMobile(fields.ownerPhone) }, tenantId: before.tenantId });
    return declarationItem(after!, true);
  },
});

export const gbDeleteRoute = sessionRoute<unknown, { ids: number[] }>({
  method: 'POST',
  url: `${BASE}/delete.json`,
  summary: '删除备案',
  resource: GbResource.remove,
  schema: { body: object({ ids: idsSchema('备案') }, ['ids']) },
  handler: async ({ body, deps, scope, audit }) => {
    const s = await scope();
    const records = requireAll(body.ids, await deps.store.gb.findMany(s, body.ids), '备案');
    await deps.store.gb.delete(records.map((r) => r.id));
    for (const r of records) await audit({ action: '删除备案', target: `备案 ${r.recordNo}`, before: declarationItem(r), tenantId: r.tenantId });
    return { deleted: records.length };
  },
});

/** What a label's QR code carries: enough to identify the e-bike and its verdict when scanned offline. */
export function labelText(r: GbDeclarationRecord): string {
  return [`天路新国标备案 ${r.recordNo}`, `车架号 ${r.frameNo}`, `号牌 ${r.plateNo || '未上牌'}`, `${r.brand} ${r.model}`.trim(), r.compliant ? '合规' : '不合规'].join('\n');
}

export const gbQrCodeRoute = sessionRoute<{ id: number; format?: string; downloadToken?: string }>({
  method: 'GET',
  url: `${BASE}/generateQRCode.json`,
  summary: '备案标签的二维码：format=png（默认，image/png）或 dataUrl（{dataUrl, text}）；sessionId 头或一次性 downloadToken',
  resource: GbResource.declare,
  auth: 'download',
  raw: true,
  schema: { querystring: object({ id: int('备案', 1), format: { type: 'string', title: '格式', enum: ['png', 'dataUrl'] }, downloadToken: text('下载令牌', 100) }, ['id']) },
  handler: async ({ query, deps, scope, reply }) => {
    const [record] = await deps.store.gb.findMany(await scope(), [query.id]);
    if (!record) throw notFound('备案不存在');
    const content = labelText(record);
    const options = { errorCorrectionLevel: 'M' as const, margin: 2, width: 256 };
    if (query.format === 'dataUrl') return reply.send({ flag: 1, msg: '', obj: { dataUrl: await QRCode.toDataURL(content, options), text: content } });
    return reply.type('image/png').header('cache-control', 'private, no-cache').send(await QRCode.toBuffer(content, { ...options, type: 'png' }));
  },
});

export const gbExportRoute = sessionRoute<unknown, Omit<ListQuery, 'current' | 'pageSize'>>({
  method: 'POST',
  url: `${BASE}/export.json`,
  summary: `导出备案（xlsx，条件同 list.json，最多 ${EXPORT_LIMIT} 行）`,
  resource: GbResource.export,
  raw: true,
  schema: { body: object(filterProperties) },
  handler: async (ctx) => {
    const { body, deps, scope, reply } = ctx;
    const s = await scope();
    const rows = await deps.store.gb.all(s, filterOf(s, body), EXPORT_LIMIT);
    const full = await mayEdit(ctx);
    const sheet = await buildSheet(
      '备案登记',
      [
        { header: '备案编号', width: 20, value: (r: GbDeclarationRecord) => r.recordNo },
        { header: '所属客户', width: 18, value: (r) => r.tenantName },
        { header: '车主', width: 10, value: (r) => r.ownerName },
        { header: '车主手机号', width: 14, value: (r) => (full ? r.ownerPhone : maskMobile(r.ownerPhone)) },
        { header: '品牌', width: 10, value: (r) => r.brand },
        { header: '型号', width: 10, value: (r) => r.model },
        { header: '车架号', width: 20, value: (r) => r.frameNo },
        { header: '电机号', width: 20, value: (r) => r.motorNo },
        { header: '号牌', width: 14, value: (r) => r.plateNo },
        { header: '颜色', width: 8, value: (r) => r.color },
        { header: '最高设计车速(km/h)', width: 12, value: (r) => r.designSpeed },
        { header: '整车质量(kg)', width: 12, value: (r) => r.mass },
        { header: '电机功率(W)', width: 12, value: (r) => r.motorPower },
        { header: '脚踏骑行', width: 10, value: (r) => (r.pedals ? '有' : '无') },
        { header: '合规状态', width: 10, value: (r) => (r.compliant ? '合规' : '不合规') },
        { header: '不合规原因', width: 30, value: (r) => r.broken.map((b) => GB_RULE_NAMES[b]).join('、') },
        { header: '备案时间', width: 22, value: (r) => toChinaIso(r.createdAt) },
      ],
      rows,
    );
    return sendSheet(reply, sheetFileName('新国标备案', deps.clock.now()), sheet);
  },
});
