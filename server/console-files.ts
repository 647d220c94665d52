import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ConsoleIndex } from './console-index';
import { readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/** Cache-Control of a file whose name carries its content hash: it never changes. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The site icon (host/public/favicon.ico) and how long a browser keeps it. */
const SITE_ICON = 'favicon.ico';
export const SITE_ICON_CACHE = 'public, max-age=86400';
/** Folders of the build whose files Vite names `<name>-<hash>.<ext>`. */
const HASHED_FOLDERS = new Set(['assets', 'shared', 'child']);
const HASHED_NAME = /-[\w-]{8}\.[a-z0-9]+$/i;

/** The Cache-Control of a console file (`file` relative to the build, compressed suffix removed). */
export function consoleCacheControl(file: string): string {
  const parts = file.split(/[\\/]/);
  if (file.endsWith('.html')) return 'no-cache';
  if (parts.length > 1 && HASHED_FOLDERS.has(parts[0]) && HASHED_NAME.test(parts[parts.length - 1])) return IMMUTABLE;
  // the site icon is asked for on every page load: kept a day, not checked each time
  if (file === SITE_ICON) return SITE_ICON_CACHE;
  return 'public, max-age=0';
}

/** The code and style files of the build, by their hashed names (`/assets/boot-CmebinUu.js`). */
const HASHED_CODE = /^\/(?:assets|shared|child)\/(?:[\w-]+\/)*[\w-]+-[\w-]{8}\.(js|css)$/;
const CODE_TYPES: Record<string, string> = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8' };
/** What the build's compressed copies are kept in memory up to (the console's own build is about a quarter of it). */
const MEMORY_LIMIT = 96 * 1024 * 1024;

type Encoding = 'br' | 'gzip' | 'identity';

/** The encodings a request accepts, best first (brotli, gzip, the file itself); `q=0` refuses one. */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  const accepted = new Set<string>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return [...(['br', 'gzip'] as const).filter((e) => accepted.has(e) || accepted.has('*')), 'identity'];
}

interface HeldFile {
  body: Buffer;
  etag: string;
}

/**
 * The hashed code files, read once and then answered from memory in one turn of the event loop:
 * the server shares that loop with the fleet's database work, and a page's start files each took
 * several turns (stat, open, read) behind it. A name never changes content, so nothing goes stale.
 */
class HashedCodeFiles {
  private readonly held = new Map<string, Promise<HeldFile | undefined>>();
  private bytes = 0;

  constructor(private readonly distDir: string) {}

  /** Answers a hashed code file from memory; false for any other request (the static files answer it). */
  async answer(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    if (request.method !== 'GET') return false;
    const path = request.url.split('?')[0] ?? '';
    const match = HASHED_CODE.exec(path);
    if (!match) return false;
    for (const encoding of acceptedEncodings(request.headers['accept-encoding'])) {
      const file = await this.file(path.slice(1) + (encoding === 'br' ? '.br' : encoding === 'gzip' ? '.gz' : ''));
      if (!file) continue;
      reply.header('cache-control', IMMUTABLE).header('vary', 'Accept-Encoding').header('etag', file.etag).type(CODE_TYPES[match[1]]!);
      if (request.headers['if-none-match'] === file.etag) {
        reply.code(304).send();
      } else {
        if (encoding !== 'identity') reply.header('content-encoding', encoding);
        reply.send(file.body);
      }
      return true;
    }
    return false;
  }

  private file(name: string): Promise<HeldFile | undefined> {
    let held = this.held.get(name);
    if (!held) {
      held = this.read(name);
      this.held.set(name, held);
    }
    return held;
  }

  private async read(name: string): Promise<HeldFile | undefined> {
    const file = join(this.distDir, name);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile() || this.bytes + info.size > MEMORY_LIMIT) {
      // asked again next time (a file the build writes later, or room freed by none: the static files answer)
      this.held.delete(name);
      return undefined;
    }
    const body = await readFile(file).catch(() => undefined);
    if (!body) {
      // gone between the two reads (a new build): the static files answer, and it is asked again next time
      this.held.delete(name);
      return undefined;
    }
    this.bytes += body.length;
    return { body, etag: `W/"${body.length.toString(16)}-${Math.round(info.mtimeMs).toString(16)}"` };
  }
}

/**
 * Serves the built console from `distDir`: the build's .br/.gz copies when the browser accepts
 * them (see tools/build/precompress-plugin.ts), hashed files cached for a year, index.html always
 * revalidated; `/` answered by `index` when given. Also what `reply.sendFile` uses (index.html for console routes, /child/ chunks).
 */
export async function registerConsoleFiles(app: FastifyInstance, distDir: string, index?: Pick<ConsoleIndex, 'send'>): Promise<void> {
  // the console's start page carries the start data (server/console-index.ts)
  if (index) app.get('/', (request, reply) => index.send(request, reply));
  const code = new HashedCodeFiles(distDir);
  app.addHook('onRequest', async (request, reply) => {
    if (await code.answer(request, reply)) return reply;
  });
  await app.register(fastifyStatic, {
    root: distDir,
    index: index ? false : undefined,
    preCompressed: true,
    // set per file in setHeaders (send's own header would override it)
    cacheControl: false,
    setHeaders: (res, path) => {
      const file = relative(distDir, path).split(sep).join('/').replace(/\.(br|gz)$/, '');
      res.setHeader('cache-control', consoleCacheControl(file));
      res.setHeader('vary', 'Accept-Encoding');
    },
  });
}
