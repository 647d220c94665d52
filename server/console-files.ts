import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ConsoleIndex } from './console-index';
import { relative, sep } from 'node:path';

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

/**
 * Serves the built console from `distDir`: the build's .br/.gz copies when the browser accepts
 * them (see tools/build/precompress-plugin.ts), hashed files cached for a year, index.html always
 * revalidated; `/` answered by `index` when given. Also what `reply.sendFile` uses (index.html for console routes, /child/ chunks).
 */
export async function registerConsoleFiles(app: FastifyInstance, distDir: string, index?: Pick<ConsoleIndex, 'send'>): Promise<void> {
  // the console's start page carries the start data (server/console-index.ts)
  if (index) app.get('/', (request, reply) => index.send(request, reply));
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
