/**
 * What the benchmark fixtures answer besides their API stand-ins: the manifest, a 404 envelope for
 * other API paths, and the built console from dist/ (index.html for console routes).
 */
import { existsSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { REPO_ROOT } from '../e2e/server';

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.woff2': 'font/woff2' };
const DIST = path.join(REPO_ROOT, 'dist');

/** Fails clearly when the console was not built. */
export function assertConsoleBuilt(): void {
  if (!existsSync(path.join(DIST, 'index.html'))) throw new Error('dist/ is not built: run `npx vite build` first');
}

export function serveConsoleFiles(pathname: string, res: ServerResponse): void {
  if (pathname === '/plugins.manifest.json') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(readFileSync(path.join(REPO_ROOT, 'plugins.manifest.json')));
    return;
  }
  if (/\.json$/.test(pathname) || /^\/(oauth|car\/v\d)/.test(pathname)) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ flag: 404, msg: '接口不存在', obj: null }));
    return;
  }
  const file = path.join(DIST, path.normalize(pathname));
  const isFile = file.startsWith(DIST) && existsSync(file) && !file.endsWith(path.sep) && path.extname(file) !== '';
  res.writeHead(200, { 'content-type': (isFile ? TYPES[path.extname(file)] : TYPES['.html']) ?? 'application/octet-stream' });
  res.end(readFileSync(isFile ? file : path.join(DIST, 'index.html')));
}
