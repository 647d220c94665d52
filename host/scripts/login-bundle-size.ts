/**
 * Prints the gzip size of the JS a visitor's /login loads (the entry and its static imports: the
 * login document, see host/main.tsx) from dist/.vite/manifest.json. Run after `npx vite build`:
 *   npx tsx host/scripts/login-bundle-size.ts
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

interface Chunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

const dist = join(import.meta.dirname, '../../dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
const roots = ['index.html'];
const seen = new Set<string>();
const visit = (key: string) => {
  if (seen.has(key) || !manifest[key]) return;
  seen.add(key);
  for (const i of manifest[key].imports ?? []) visit(i);
};
roots.forEach(visit);
let total = 0;
for (const key of seen) {
  const file = manifest[key].file;
  if (!file.endsWith('.js')) continue;
  const size = gzipSync(readFileSync(join(dist, file))).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(`BENCH login-js-gzip ${(total / 1024).toFixed(1)} KB (budget 220 KB)`);
