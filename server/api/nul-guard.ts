import type { JsonSchema } from './route-definition';

/**
 * The name of the first field whose text holds a NUL character (its schema `title`, else its
 * key), or undefined. PostgreSQL text cannot hold NUL and file paths refuse it, so such input is
 * refused as input before a handler passes it on and fails there. Walked with a list, not
 * recursion, so no depth of input can exhaust the stack.
 */
export function nulField(value: unknown, schema?: JsonSchema, name?: string): string | undefined {
  // last in, first out: children are pushed in reverse so the first field is looked at first
  const pending: { value: unknown; schema?: JsonSchema; name?: string }[] = [{ value, schema, name }];
  while (pending.length > 0) {
    const node = pending.pop()!;
    const label = typeof node.schema?.title === 'string' ? node.schema.title : (node.name ?? '请求内容');
    if (typeof node.value === 'string') {
      if (node.value.includes('\u0000')) return label;
    } else if (Array.isArray(node.value)) {
      const items = node.schema?.items as JsonSchema | undefined;
      for (let i = node.value.length - 1; i >= 0; i--) pending.push({ value: node.value[i], schema: items, name: node.name });
    } else if (node.value !== null && typeof node.value === 'object') {
      const properties = (node.schema?.properties ?? {}) as Record<string, JsonSchema>;
      const entries = Object.entries(node.value);
      if (entries.some(([key]) => key.includes('\u0000'))) return label;
      for (let i = entries.length - 1; i >= 0; i--) pending.push({ value: entries[i]![1], schema: properties[entries[i]![0]], name: entries[i]![0] });
    }
  }
  return undefined;
}
