/** Query/form values: undefined and null are skipped, arrays are joined by commas, objects become JSON. */
export function toSearchParams(data?: object | null): URLSearchParams {
  const params = new URLSearchParams();
  if (!data) return params;
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined || value === null) continue;
    params.append(key, encodeValue(value));
  }
  return params;
}

function encodeValue(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(',');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** `url` with `query` appended (keeps an existing query string). */
export function appendQuery(url: string, query?: object | null): string {
  const qs = toSearchParams(query).toString();
  if (!qs) return url;
  return url + (url.includes('?') ? '&' : '?') + qs;
}
