import { badInput } from './envelope';

/** Small builders for route schemas (shared with the endpoint contracts of sdk/); `title` is the Chinese name used in validation messages. */
export { INT4_MAX, int, object, pagingProperties, requiredText, text } from '../../sdk/json-schema';

export function pageOffset(query: { current: number; pageSize: number }): { offset: number; limit: number } {
  return { offset: (query.current - 1) * query.pageSize, limit: query.pageSize };
}

/** For fields required only in some modes (the schema cannot say which). */
export function requireValue(value: string | undefined, label: string): string {
  const trimmed = value?.trim();
  if (!trimmed) throw badInput(`${label}不能为空`);
  return trimmed;
}
