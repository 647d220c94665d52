import {
  badInput, buildSheet, EXPORT_ROW_LIMIT, forbidden, notFound, pageOffset, sendSheet, sessionRoute, sheetFileName, type Store, type UserRecord,
} from '../../../server/module';
import type { DictionaryEntry } from '../../../sdk/system-admin';
import { isUniqueViolation, required } from './admin-rules';
import { DictionaryAdminApi, type DictionaryEntryBody } from '../../../sdk/contracts/system';

const TYPE_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** The dictionary is shared by every tenant, so only users of a platform tenant may change it. */
async function checkPlatformUser(store: Store, user: UserRecord): Promise<void> {
  const tenant = await store.system.tenants.find(user.tenantId);
  if (tenant?.kind !== 'platform') throw forbidden('数据字典为全平台共用，仅平台用户可以修改');
}

function cleanEntry(body: DictionaryEntryBody): Omit<DictionaryEntry, 'id'> {
  const type = required(body.type, '字典类型');
  if (!TYPE_PATTERN.test(type)) throw badInput('字典类型须以字母开头，只含字母、数字和下划线');
  return { type, code: required(body.code, '编码'), name: required(body.name, '名称'), sort: body.sort ?? 0 };
}

export const dictionaryPageRoute = sessionRoute.of(DictionaryAdminApi.page, {
  resource: 1280,
  handler: async ({ query, deps, user }) => {
    const page = await deps.store.system.dictionary.page({ type: query.type?.trim() || undefined, keyword: query.keyword?.trim() || undefined, ...pageOffset(query) });
    const editable = (await deps.store.system.tenants.find(user.tenantId))?.kind === 'platform';
    return { ...page, editable };
  },
});

export const dictionaryCreateRoute = sessionRoute.of(DictionaryAdminApi.add, {
  resource: 128001,
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

export const dictionaryUpdateRoute = sessionRoute.of(DictionaryAdminApi.update, {
  resource: 128002,
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

export const dictionaryDeleteRoute = sessionRoute.of(DictionaryAdminApi.delete, {
  resource: 128003,
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

export const dictionaryExportRoute = sessionRoute.of(DictionaryAdminApi.export, {
  resource: 128004,
  raw: true,
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
