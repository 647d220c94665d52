/**
 * `npm run bench [-- name-filter]`: runs every bench/*.bench.ts in its own process, in order.
 * Each prints `BENCH name value unit` lines and the command that reproduces it.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.dirname(benchDir);
const filter = process.argv[2];
const files = readdirSync(benchDir)
  .filter((f) => f.endsWith('.bench.ts') && (!filter || f.includes(filter)))
  .sort();

if (!files.length) {
  console.error(`no bench/*.bench.ts${filter ? ` matching '${filter}'` : ''}`);
  process.exit(1);
}

const failed: string[] = [];
for (const file of files) {
  const rel = `bench/${file}`;
  console.log(`\n=== ${rel} ===`);
  console.log(`reproduce: npx tsx ${rel}   (or: npm run bench -- ${file.replace(/\.bench\.ts$/, '')})`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', rel], { cwd: root, stdio: 'inherit', env: process.env });
  if (run.status !== 0) failed.push(`${rel} (exit ${run.status ?? run.signal})`);
}

console.log(`\n${files.length - failed.length}/${files.length} benchmarks met their goals${failed.length ? `; failed: ${failed.join(', ')}` : ''}`);
process.exit(failed.length ? 1 : 0);
