import type { Store } from '../../store/create-store';
import type { DictionaryEntry } from '../../../sdk/system-admin';
import type { UserRecord } from '../../store/user-queries';
import { badInput, forbidden, notFound } from '../envelope';
import { sessionRoute } from '../route-definition';
import { int, object, pageOffset, pagingProperties, requiredText, text } from '../schema-helpers';
import { isUniqueViolation, required } from './admin-rules';
import { buildSheet, EXPORT_ROW_LIMIT, sendSheet, sheetFileName } from './admin-sheet';

const BASE = '/car/v4/api/system/dictionary';
const TYPE_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** The dictionary is shared by every tenant, so only users of a platform tenant may change it. */
async function checkPlatformUser(store: Store, user: UserRecord): Promise<void> {
  const tenant = await store.system.tenants.find(user.tenantId);
  if (tenant?.kind !== 'platform') throw forbidden('数据字典为全平台共用，仅平台用户可以修改');
}

interface EntryBody {
  type: string;
  code: string;
  name: string;
  sort?: number;
}

const entryProperties = {
  type: requiredText('字典类型', 64),
  code: requiredText('编码', 64),
  name: requiredText('名称', 100),
  sort: int('排序', 0, 100000),
};

function cleanEntry(body: EntryBody): Omit<DictionaryEntry, 'id'> {
  const type = required(body.type, '字典类型');
  if (!TYPE_PATTERN.test(type)) throw badInput('字典类型须以字母开头，只含字母、数字和下划线');
  return { type, code: required(body.code, '编码'), name: required(body.name, '名称'), sort: body.sort ?? 0 };
}

const filterProperties = { type: text('字典类型', 64), keyword: text('关键词', 50) };

export const dictionaryPageRoute = sessionRoute<{ current: number; pageSize: number; type?: string; keyword?: string }>({
  method: 'GET',
  url: `${BASE}/page.json`,
  summary: '数据字典管理：条目分页（可按类型、关键词筛选）；editable 表示调用者能否修改',
  resource: 1280,
  schema: { querystring: object({ ...pagingProperties, ...filterProperties }) },
  handler: async ({ query, deps, user }) => {
    const page = await deps.store.system.dictionary.page({ type: query.type?.trim() || undefined, keyword: query.keyword?.trim() || undefined, ...pageOffset(query) });
    const editable = (await deps.store.system.tenants.find(user.tenantId))?.kind === 'platform';
    return { ...page, editable };
  },
});

export const dictionaryCreateRoute = sessionRoute<unknown, EntryBody>({
  method: 'POST',
  url: `${BASE}/add.json`,
  summary: '新增字典条目（仅平台用户；同一类型下编码唯一）',
  resource: 128001,
  schema: { body: object(entryProperties, ['type', 'code', 'name']) },
  handler: async ({ body, deps, user, audit }) => {
    await checkPlatformUser(deps.store, user);
    const entry = cleanEntry(body);
    if (await deps.store.system.dictionary.codeTaken(entry.type, entry.code)) throw badInput('该类型下已有此编码');
    let id: number;
    try {
      id = await deps.store.system.dictionary.create(entry);
    } catch (e) {
      if (isUniqueViolation(e)) throw badInput('该类型下已有此编码');
      throw e;
    }
    await audit({ action: '新增字典', target: `字典 ${entry.type}/${entry.code}`, after: entry });
    return { id };
  },
});

export const dictionaryUpdateRoute = sessionRoute<unknown, EntryBody & { id: number }>({
  method: 'POST',
  url: `${BASE}/update.json`,
  summary: '编辑字典条目（仅平台用户）',
  resource: 128002,
  schema: { body: object({ id: int('字典条目', 1), ...entryProperties }, ['id', 'type', 'code', 'name']) },
  handler: async ({ body, deps, user, audit }) => {
    await checkPlatformUser(deps.store, user);
    const before = await deps.store.system.dictionary.find(body.id);
    if (!before) throw notFound('字典条目不存在');
    const entry = cleanEntry(body);
    if (await deps.store.system.dictionary.codeTaken(entry.type, entry.code, before.id)) throw badInput('该类型下已有此编码');
    try {
      await deps.store.system.dictionary.update(before.id, entry);
    } catch (e) {
      if (isUniqueViolation(e)) throw badInput('该类型下已有此编码');
      throw e;
    }
    const { id: _id, ...old } = before;
    await audit({ action: '编辑字典', target: `字典 ${entry.type}/${entry.code}`, before: old, after: entry });
    return { id: before.id };
  },
});

export const dictionaryDeleteRoute = sessionRoute<unknown, { id: number }>({
  method: 'POST',
  url: `${BASE}/delete.json`,
  summary: '删除字典条目（仅平台用户）',
  resource: 128003,
  schema: { body: object({ id: int('字典条目', 1) }, ['id']) },
  handler: async ({ body, deps, user, audit }) => {
    await checkPlatformUser(deps.store, user);
    const before = await deps.store.system.dictionary.find(body.id);
    if (!before) throw notFound('字典条目不存在');
    await deps.store.system.dictionary.delete(before.id);
    const { id: _id, ...old } = before;
    await audit({ action: '删除字典', target: `字典 ${before.type}/${before.code}`, before: old });
    return { deleted: 1 };
  },
});

export const dictionaryExportRoute = sessionRoute<unknown, { type?: string; keyword?: string }>({
  method: 'POST',
  url: `${BASE}/export.json`,
  summary: '导出字典条目（xlsx，条件同列表）',
  resource: 128004,
  raw: true,
  schema: { body: object(filterProperties) },
  handler: async ({ body, deps, reply }) => {
    const page = await deps.store.system.dictionary.page({ type: body.type?.trim() || undefined, keyword: body.keyword?.trim() || undefined, offset: 0, limit: EXPORT_ROW_LIMIT });
    const sheet = await buildSheet(
      '数据字典',
      [
        { header: '字典类型', width: 20, value: (r: DictionaryEntry) => r.type },
        { header: '编码', width: 16, value: (r) => r.code },
        { header: '名称', width: 24, value: (r) => r.name },
        { header: '排序', width: 8, value: (r) => r.sort },
      ],
      page.list,
    );
    return sendSheet(reply, sheetFileName('数据字典', deps.clock.now()), sheet);
  },
});
