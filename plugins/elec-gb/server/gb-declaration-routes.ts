import {
  badInput, buildSheet, type Caller, EXPORT_LIMIT, flagValue, heldResources, notFound, pageOffset, qrCodeDataUrl, qrCodePng, requireAll,
  requireTenantInScope, sendSheet, sessionRoute, sheetFileName, toChinaIso,
} from '../../../server/module';
import { ElecGbApi } from '../../../sdk/contracts/elec-gb';
import type { QueryOf } from '../../../sdk/endpoint';
import { GB_RULE_NAMES, type GbDeclaration } from '../../../sdk/gb-compliance';
import { maskMobile } from '../../../sdk/lease';
import { checkGbDeclaration, type GbDeclarationInput } from './gb-declaration-fields';
import type { GbDeclarationFields, GbDeclarationRecord } from './gb-declaration-queries';
import { gbOf } from './gb-services';

/** 备案登记 (menu 2610) and its buttons. */
export const GbResource = { declare: 2610, add: 261001, edit: 261002, remove: 261003, export: 261004, label: 261005 } as const;

type ListQuery = QueryOf<typeof ElecGbApi.list>;

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

export const gbListRoute = sessionRoute.of(ElecGbApi.list, {
  resource: GbResource.declare,
  handler: async (ctx) => {
    const { query, deps, scope } = ctx;
    const s = await scope();
    const { offset, limit } = pageOffset(query);
    const page = await gbOf(deps).store.page(s, filterOf(s, query), offset, limit);
    const full = await mayEdit(ctx);
    return { total: page.total, list: page.list.map((r) => declarationItem(r, full)) };
  },
});

function checked(body: GbDeclarationInput) {
  const { fields, error } = checkGbDeclaration(body);
  if (!fields) throw badInput(error ?? '备案信息不正确');
  return fields;
}

export const gbAddRoute = sessionRoute.of(ElecGbApi.add, {
  resource: GbResource.add,
  handler: async (ctx) => {
    const { body, deps, scope, user, audit } = ctx;
    const s = await scope();
    const tenantId = requireTenantInScope(s, body.tenantId ?? user.tenantId);
    const fields = checked(body);
    if (await gbOf(deps).store.findByFrame(tenantId, fields.frameNo)) throw badInput(`车架号 ${fields.frameNo} 已备案`);
    const id = await gbOf(deps).store.insert(tenantId, fields);
    const [created] = await gbOf(deps).store.findMany(s, [id]);
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

export const gbUpdateRoute = sessionRoute.of(ElecGbApi.update, {
  resource: GbResource.edit,
  handler: async ({ body, deps, scope, audit }) => {
    const s = await scope();
    const [before] = await gbOf(deps).store.findMany(s, [body.id]);
    if (!before) throw notFound('备案不存在');
    const fields = checked(editedDeclaration(before, body));
    const same = await gbOf(deps).store.findByFrame(before.tenantId, fields.frameNo);
    if (same && same.id !== before.id) throw badInput(`车架号 ${fields.frameNo} 已备案`);
    await gbOf(deps).store.update(before.id, fields);
    const [after] = await gbOf(deps).store.findMany(s, [before.id]);
    await audit({ action: '编辑备案', target: `备案 ${before.recordNo}`, before: declarationItem(before), after: { ...fields, ownerPhone: maskMobile(fields.ownerPhone) }, tenantId: before.tenantId });
    return declarationItem(after!, true);
  },
});

export const gbDeleteRoute = sessionRoute.of(ElecGbApi.remove, {
  resource: GbResource.remove,
  handler: async ({ body, deps, scope, audit }) => {
    const s = await scope();
    const records = requireAll(body.ids, await gbOf(deps).store.findMany(s, body.ids), '备案');
    await gbOf(deps).store.delete(records.map((r) => r.id));
    for (const r of records) await audit({ action: '删除备案', target: `备案 ${r.recordNo}`, before: declarationItem(r), tenantId: r.tenantId });
    return { deleted: records.length };
  },
});

/** What a label's QR code carries: enough to identify the e-bike and its verdict when scanned offline. */
export function labelText(r: GbDeclarationRecord): string {
  return [`天路新国标备案 ${r.recordNo}`, `车架号 ${r.frameNo}`, `号牌 ${r.plateNo || '未上牌'}`, `${r.brand} ${r.model}`.trim(), r.compliant ? '合规' : '不合规'].join('\n');
}

export const gbQrCodeRoute = sessionRoute.of(ElecGbApi.qrCode, {
  resource: GbResource.declare,
  auth: 'download',
  raw: true,
  handler: async ({ query, deps, scope, reply }) => {
    const [record] = await gbOf(deps).store.findMany(await scope(), [query.id]);
    if (!record) throw notFound('备案不存在');
    const content = labelText(record);
    if (query.format === 'dataUrl') return reply.send({ flag: 1, msg: '', obj: { dataUrl: await qrCodeDataUrl(content), text: content } });
    return reply.type('image/png').header('cache-control', 'private, no-cache').send(await qrCodePng(content));
  },
});

export const gbExportRoute = sessionRoute.of(ElecGbApi.exportList, {
  resource: GbResource.export,
  raw: true,
  handler: async (ctx) => {
    const { body, deps, scope, reply } = ctx;
    const s = await scope();
    const rows = await gbOf(deps).store.all(s, filterOf(s, body), EXPORT_LIMIT);
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
