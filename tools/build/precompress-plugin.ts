/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of the console build, so
 * the server sends them as they are (@fastify/static `preCompressed`) instead of compressing on
 * every request or not at all.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files worth compressing: text the browser fetches. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml|wasm)$/i;
/** Below this a compressed copy saves less than its extra round of headers. */
export const MIN_COMPRESS_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(path)));
    else if (entry.isFile() && COMPRESSIBLE.test(entry.name)) out.push(path);
  }
  return out;
}

export interface PrecompressOptions {
  /**
   * Files compressed with a quick brotli (quality 5: a few per cent larger, some thirty times faster):
   * many small files of which a page fetches few, such as the per-icon modules.
   */
  quick?: RegExp;
}

/** Compresses one file into `file.br` and `file.gz` (each only when it is smaller). */
async function precompressFile(file: string, options: PrecompressOptions): Promise<void> {
  const body = await readFile(file);
  if (body.length < MIN_COMPRESS_BYTES) return;
  const quality = options.quick?.test(file) ? 5 : constants.BROTLI_MAX_QUALITY;
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzipAsync(body, { level: 9 }),
  ]);
  if (br.length < body.length) await writeFile(`${file}.br`, br);
  if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
}

/** Writes .br and .gz copies of the compressible files under `dir`; returns how many files it read. */
export async function precompressDir(dir: string, options: PrecompressOptions = {}): Promise<number> {
  if (!(await stat(dir).catch(() => undefined))?.isDirectory()) return 0;
  const files = await filesUnder(dir);
  // a few at a time: zlib runs on the libuv pool, the machine may be shared
  for (let at = 0; at < files.length; at += 4) await Promise.all(files.slice(at, at + 4).map((file) => precompressFile(file, options)));
  return files.length;
}

/** Vite plugin: compresses the build output once it is written. */
export function precompressPlugin(options: PrecompressOptions = {}): Plugin {
  let outDir = '';
  return {
    name: 'tianlu-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      await precompressDir(outDir, options);
    },
  };
}
