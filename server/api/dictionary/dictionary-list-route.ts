import { sessionRoute } from '../route-definition';
import { object, text } from '../schema-helpers';

export const dictionaryListRoute = sessionRoute<{ type?: string }>({
  method: ['GET', 'POST'],
  url: '/car/v4/api/system/dictionary/list.json',
  summary: '数据字典（可按类型筛选）',
  anyUser: true,
  schema: { querystring: object({ type: text('字典类型', 64) }) },
  handler: ({ query, deps }) => deps.store.dictionary.list(query.type?.trim() || undefined),
});
