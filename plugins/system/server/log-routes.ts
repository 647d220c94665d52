import {
  badInput, buildSheet, EXPORT_ROW_LIMIT, pageOffset, sendSheet, sessionRoute, sheetFileName, toChinaIso, type AccessScope, type OperationLogRow, type Store,
} from '../../../server/module';
import { tenantInCallerScope } from './admin-rules';
import { OperationLogApi, type LogFilterQuery } from '../../../sdk/contracts/system';


function parseTime(value: string | undefined, label: string): Date | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  const date = new Date(trimmed);
  if (Number.isNaN(date.getTime())) throw badInput(`${label}格式不正确`);
  return date;
}

/** The log filter within the caller's scope (the caller's tenant subtree, or one tenant of it). */
function toFilter(scope: AccessScope, input: LogFilterQuery) {
  const from = parseTime(input.start, '开始时间');
  const to = parseTime(input.end, '结束时间');
  if (from && to && from > to) throw badInput('开始时间不能晚于结束时间');
  return {
    tenantIds: input.tenantId === undefined ? scope.tenantIds : [tenantInCallerScope(scope, input.tenantId)],
    account: input.account?.trim() || undefined,
    keyword: input.keyword?.trim() || undefined,
    from,
    to,
  };
}

async function tenantNames(store: Store, scope: AccessScope): Promise<Map<number, string>> {
  return new Map((await store.system.tenants.list(scope.tenantIds)).map((t) => [t.id, t.name]));
}

const toItem = (r: OperationLogRow, names: Map<number, string>) => ({
  id: r.id,
  account: r.account,
  tenantId: r.tenantId,
  tenantName: names.get(r.tenantId) ?? '',
  action: r.action,
  target: r.target,
  before: r.before ?? null,
  after: r.after ?? null,
  ip: r.ip ?? '',
  time: toChinaIso(r.at),
});

export const logListRoute = sessionRoute.of(OperationLogApi.list, {
  resource: 1270,
  handler: async ({ query, deps, scope }) => {
    const s = await scope();
    const [page, names] = await Promise.all([deps.store.audit.page({ ...toFilter(s, query), ...pageOffset(query) }), tenantNames(deps.store, s)]);
    return { total: page.total, list: page.list.map((r) => toItem(r, names)) };
  },
});

const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

export const logExportRoute = sessionRoute.of(OperationLogApi.export, {
  resource: 127001,
  raw: true,
  handler: async ({ body, deps, scope, reply }) => {
    const s = await scope();
    const [page, names] = await Promise.all([deps.store.audit.page({ ...toFilter(s, body), offset: 0, limit: EXPORT_ROW_LIMIT }), tenantNames(deps.store, s)]);
    const sheet = await buildSheet(
      '操作日志',
      [
        { header: '时间', width: 22, value: (r: OperationLogRow) => toChinaIso(r.at) },
        { header: '账号', value: (r) => r.account },
        { header: '客户', width: 20, value: (r) => names.get(r.tenantId) ?? '' },
        { header: '操作', value: (r) => r.action },
        { header: '对象', width: 24, value: (r) => r.target },
        { header: '修改前', width: 40, value: (r) => json(r.before) },
        { header: '修改后', width: 40, value: (r) => json(r.after) },
        { header: 'IP', value: (r) => r.ip ?? '' },
      ],
      page.list,
    );
    return sendSheet(reply, sheetFileName('操作日志', deps.clock.now()), sheet);
  },
});
