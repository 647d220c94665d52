import { realpath, stat } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
};

/** The content type a plugin file is served with (module scripts must be JavaScript). */
export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The file `relative` (the part of the URL after /child/<systemId>/) names inside `root`, or
 * undefined. `.`/`..`/empty segments, backslashes and NUL are refused outright, and the real path
 * (symbolic links followed) must still lie inside the real root: nothing outside the plugin's folder is reachable.
 */
export async function resolvePluginFile(root: string, relative: string): Promise<string | undefined> {
  const segments = relative.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..' || s.includes('\\') || s.includes('\0'))) return undefined;
  try {
    const realRoot = await realpath(root);
    const file = await realpath(join(realRoot, ...segments));
    if (!file.startsWith(realRoot + sep)) return undefined;
    return (await stat(file)).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}
