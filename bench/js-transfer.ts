/** The JavaScript a page makes the browser download, measured the same way for every page. */
import { request } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';

export interface JsFile {
  url: string;
  raw: number;
  gzip: number;
  /** What the server sent as content-encoding, if anything. */
  encoding: string | undefined;
  /** Body bytes the browser received (as encoded on the wire). */
  transfer: number;
  body: Buffer;
}

export interface JsTransfer {
  files: JsFile[];
  raw: number;
  gzip: number;
}

function isJs(r: Response): boolean {
  const type = r.headers()['content-type'] ?? '';
  return r.request().resourceType() === 'script' || /javascript|ecmascript/.test(type) || /\.m?js(\?|$)/.test(new URL(r.url()).pathname);
}

/**
 * Starts recording JS responses of `page`; `finish()` waits for their bodies. Bodies are gzipped
 * here (level 9) so the figure does not depend on whether the server compresses.
 */
export function recordJs(page: Page): { finish(): Promise<JsTransfer> } {
  const pending: Promise<JsFile | undefined>[] = [];
  page.on('response', (r) => {
    if (!isJs(r) || r.status() >= 300) return;
    pending.push(
      Promise.all([r.body(), r.request().sizes()]).then(
        ([body, sizes]) => ({ url: r.url(), raw: body.length, gzip: gzipSync(body, { level: 9 }).length, encoding: r.headers()['content-encoding'], transfer: sizes.responseBodySize, body }),
        () => undefined,
      ),
    );
  });
  return {
    async finish() {
      const files = (await Promise.all(pending)).filter((f): f is JsFile => !!f);
      return { files, raw: files.reduce((n, f) => n + f.raw, 0), gzip: files.reduce((n, f) => n + f.gzip, 0) };
    },
  };
}

export interface Sent {
  /** Body bytes as sent. */
  bytes: number;
  /** Content-Encoding the server chose ('identity' for none). */
  encodings: string[];
}

/** The body bytes the server sends for `url` to a client accepting `acceptEncoding` (not decoded). */
function sentOne(url: string, acceptEncoding: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** What the server sends for `files` when the client says `Accept-Encoding: acceptEncoding`. */
export async function sentBytes(files: readonly JsFile[], acceptEncoding: string): Promise<Sent> {
  const each = await Promise.all(files.map((f) => sentOne(f.url, acceptEncoding)));
  return { bytes: each.reduce((n, e) => n + e.bytes, 0), encodings: [...new Set(each.map((e) => e.encoding))] };
}

/** Libraries that must not be on the first pages: name in the file, or a marker in its code. */
const HEAVY: { name: string; file: RegExp; marker: string }[] = [
  { name: 'leaflet', file: /leaflet/i, marker: 'leaflet-container' },
  { name: 'echarts', file: /echarts/i, marker: '_echarts_instance_' },
  { name: 'exceljs', file: /exceljs|xlsx/i, marker: 'xl/workbook.xml' },
];

/** `library: file` for every heavy library found among `files`. */
export function heavyLibraries(files: readonly JsFile[]): string[] {
  const hits: string[] = [];
  for (const f of files) {
    const name = new URL(f.url).pathname;
    const code = f.body.toString('latin1');
    for (const h of HEAVY) if (h.file.test(name) || code.includes(h.marker)) hits.push(`${h.name}: ${name}`);
  }
  return hits;
}

export const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
