/**
 * The floors the console is read against, built by vite (same React plugin as the console) in a
 * temporary folder and served statically with the console's cache headers (hashed files kept, the
 * page revalidated): a bare React 19 + react-dom page with one labelled input, and the same with
 * Fluent UI (FluentProvider, a labelled Input and a Button), the least a console page draws.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { consoleCacheControl } from '../server/console-files';

const outBase = fileURLToPath(new URL('./out', import.meta.url));

const INDEX = `<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8"><title>floor</title></head>
<body><div id="root"></div><script type="module" src="/main.tsx"></script></body></html>`;

const REACT_MAIN = `import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

function App() {
  const [account, setAccount] = useState('');
  return (
    <form>
      <label htmlFor="account">账号</label>
      <input id="account" value={account} onChange={(e) => setAccount(e.target.value)} />
    </form>
  );
}

createRoot(document.getElementById('root')!).render(<StrictMode><App /></StrictMode>);
`;

const FLUENT_MAIN = `import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Button, FluentProvider, Input, Label, webLightTheme } from '@fluentui/react-components';

function App() {
  const [account, setAccount] = useState('');
  return (
    <FluentProvider theme={webLightTheme}>
      <form>
        <Label htmlFor="account">账号</Label>
        <Input id="account" value={account} onChange={(_, d) => setAccount(d.value)} />
        <Button appearance="primary" type="submit">登录</Button>
      </form>
    </FluentProvider>
  );
}

createRoot(document.getElementById('root')!).render(<StrictMode><App /></StrictMode>);
`;

/** What the floor page is made of: bare React, or React with Fluent UI. */
export type FloorKind = 'react' | 'fluent';
const MAINS: Record<FloorKind, string> = { react: REACT_MAIN, fluent: FLUENT_MAIN };

export interface FloorSite {
  url: string;
  close(): Promise<void>;
}

/** Builds the floor page (inside bench/out so React resolves from this repo) and serves it. */
export async function buildAndServeFloor(kind: FloorKind = 'react'): Promise<FloorSite> {
  mkdirSync(outBase, { recursive: true });
  const dir = mkdtempSync(path.join(outBase, `${kind}-floor-`));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  writeFileSync(path.join(dir, 'main.tsx'), MAINS[kind]);
  const dist = path.join(dir, 'dist');
  await build({ root: dir, configFile: false, logLevel: 'warn', plugins: [react()], build: { outDir: dist, emptyOutDir: true } });

  const server: Server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    const name = pathname === '/' ? 'index.html' : path.normalize(pathname).replace(/^[\\/]+/, '');
    const file = path.join(dist, name);
    try {
      if (!file.startsWith(dist)) throw new Error('outside');
      const body = readFileSync(file);
      const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.html') ? 'text/html; charset=utf-8' : 'application/octet-stream';
      res.writeHead(200, { 'content-type': type, 'cache-control': consoleCacheControl(name) }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('floor server has no port');
  return {
    url: `http://127.0.0.1:${address.port}/`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
