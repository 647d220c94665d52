import type { JsonSchema } from './route-definition';

/** Far deeper than any request the API takes; deeper input is refused before anything walks it. */
export const MAX_INPUT_DEPTH = 32;
export const TOO_DEEP = '请求内容嵌套过深';

/** A number as a person writes it: decimal, optionally signed, with a fraction or exponent. */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

interface Pending {
  value: unknown;
  schema: JsonSchema | undefined;
  label: string;
  depth: number;
}

function typesOf(schema: JsonSchema | undefined): string[] {
  const type = schema?.type;
  return Array.isArray(type) ? type.map(String) : typeof type === 'string' ? [type] : [];
}

/** What is wrong with a value meant for a number field before the schema would coerce it, if anything. */
function numberProblem(value: unknown, types: string[], label: string): string | undefined {
  const numeric = types.includes('integer') || types.includes('number');
  if (!numeric || types.includes('string') || types.includes('boolean')) return undefined;
  const wanted = types.includes('number') ? '有效的数字' : '整数';
  // the schema would take true as 1, [1] as 1, "Infinity" or "1e999" as Infinity and "0x10" as 16
  if (typeof value === 'boolean' || Array.isArray(value)) return `${label}必须是${wanted}`;
  // an empty text stands for null where the field may be null
  if (value === '' && types.includes('null')) return undefined;
  if (typeof value === 'string' && !(DECIMAL.test(value) && Number.isFinite(Number(value)))) return `${label}必须是${wanted}`;
  return undefined;
}

/**
 * Why the raw input of one part of a request (query, path or body) must be refused before its
 * schema runs, or undefined: nesting deeper than MAX_INPUT_DEPTH, a non-finite number anywhere,
 * and for number fields (ids and id lists included) a boolean, a list, a non-finite or non-decimal text.
 * The schema's type coercion would otherwise turn these into 1 or Infinity. Walked with a list,
 * not recursion, so no depth of input can exhaust the stack.
 */
export function rawInputProblem(input: unknown, schema: JsonSchema | undefined): string | undefined {
  const pending: Pending[] = [{ value: input, schema, label: '请求内容', depth: 0 }];
  while (pending.length > 0) {
    const { value, schema: own, label: inherited, depth } = pending.pop()!;
    if (depth > MAX_INPUT_DEPTH) return TOO_DEEP;
    const label = typeof own?.title === 'string' ? own.title : inherited;
    if (typeof value === 'number' && !Number.isFinite(value)) return `${label}必须是有效的数字`;
    const types = typesOf(own);
    const problem = numberProblem(value, types, label);
    if (problem) return problem;
    const items = own?.items as JsonSchema | undefined;
    if (Array.isArray(value)) {
      for (const item of value) pending.push({ value: item, schema: items, label, depth: depth + 1 });
      continue;
    }
    // a single value for a list field is taken as a list of one
    if (types.includes('array') && (value === null || typeof value !== 'object')) {
      const single = numberProblem(value, typesOf(items), typeof items?.title === 'string' ? items.title : label);
      if (single) return single;
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    const properties = (own?.properties ?? {}) as Record<string, JsonSchema>;
    const extra = typeof own?.additionalProperties === 'object' ? (own.additionalProperties as JsonSchema) : undefined;
    for (const [key, child] of Object.entries(value)) {
      pending.push({ value: child, schema: Object.hasOwn(properties, key) ? properties[key] : extra, label: key, depth: depth + 1 });
    }
  }
  return undefined;
}
