/** The JavaScript a page makes the browser download, measured the same way for every page. */
import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';

export interface JsFile {
  url: string;
  raw: number;
  gzip: number;
  /** What the server sent as content-encoding, if anything. */
  encoding: string | undefined;
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
      r.body().then(
        (body) => ({ url: r.url(), raw: body.length, gzip: gzipSync(body, { level: 9 }).length, encoding: r.headers()['content-encoding'], body }),
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
