import type { ManifestRecord } from '../../sdk/plugin';

/** Reads plugins.manifest.json (a plain JSON array, not an envelope). */
export async function fetchManifest(url: string): Promise<ManifestRecord[]> {
  const res = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`manifest ${url}: HTTP ${res.status}`);
  const data: unknown = await res.json();
  if (!Array.isArray(data)) throw new Error(`manifest ${url}: not an array`);
  return data.filter(isManifestRecord);
}

/** Keeps records with the fields the registry relies on; others are logged and skipped. */
export function isManifestRecord(r: unknown): r is ManifestRecord {
  const ok =
    typeof r === 'object' &&
    r !== null &&
    typeof (r as ManifestRecord).platformId === 'number' &&
    typeof (r as ManifestRecord).systemId === 'string' &&
    typeof (r as ManifestRecord).path === 'string';
  if (!ok) console.error('manifest: skipping malformed record', r);
  return ok;
}
