/**
 * JSON schema fragments for endpoint inputs (sdk/endpoint.ts). Kept loose: the server's Ajv checks
 * them. `title` is the Chinese field name used in validation messages.
 */
export type JsonSchema = Record<string, unknown>;

export const text = (title: string, maxLength = 200, extra: JsonSchema = {}): JsonSchema => ({ type: 'string', title, maxLength, ...extra });
export const requiredText = (title: string, maxLength = 200, extra: JsonSchema = {}): JsonSchema => text(title, maxLength, { minLength: 1, ...extra });
/** The largest value of a PostgreSQL `integer` column, where ids and counts end up. */
export const INT4_MAX = 2_147_483_647;
/** An integer field; without a maximum it still stops at INT4_MAX (a larger id would fail in the database, not as input). */
export const int = (title: string, minimum?: number, maximum = INT4_MAX, extra: JsonSchema = {}): JsonSchema => ({
  type: 'integer',
  title,
  ...(minimum === undefined ? {} : { minimum }),
  maximum,
  ...extra,
});

export function object(properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema {
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

/** Paging of every list: current from 1, pageSize 10 by default, at most 200. */
/** The query of a paged list: the page (from 1) and its size, as `pagingProperties` checks them. */
export type Paging = { current: number; pageSize: number };

export const pagingProperties = {
  current: int('页码', 1, 100000, { default: 1 }),
  pageSize: int('每页条数', 1, 200, { default: 10 }),
};
