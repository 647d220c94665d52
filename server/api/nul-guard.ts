import type { JsonSchema } from './route-definition';

/**
 * The name of the first field whose text holds a NUL character (its schema `title`, else its
 * key), or undefined. PostgreSQL text cannot hold NUL and file paths refuse it, so such input is
 * refused as input before a handler passes it on and fails there.
 */
export function nulField(value: unknown, schema?: JsonSchema, name?: string): string | undefined {
  const label = () => (typeof schema?.title === 'string' ? schema.title : (name ?? '请求内容'));
  if (typeof value === 'string') return value.includes('\u0000') ? label() : undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = nulField(item, schema?.items as JsonSchema | undefined, name);
      if (found) return found;
    }
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return label();
    const found = nulField(child, properties[key], key);
    if (found) return found;
  }
  return undefined;
}
