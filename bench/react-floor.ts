/**
 * The floor the console is read against: a bare React 19 + react-dom page with one labelled input,
 * built by vite (same React plugin as the console) in a temporary folder and served statically.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const outBase = fileURLToPath(new URL('./out', import.meta.url));

const INDEX = `<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8"><title>floor</title></head>
<body><div id="root"></div><script type="module" src="/main.tsx"></script></body></html>`;

const MAIN = `import { StrictMode, useState } from 'react';
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

export interface FloorSite {
  url: string;
  close(): Promise<void>;
}

/** Builds the floor page (inside bench/out so React resolves from this repo) and serves it. */
export async function buildAndServeFloor(): Promise<FloorSite> {
  mkdirSync(outBase, { recursive: true });
  const dir = mkdtempSync(path.join(outBase, 'react-floor-'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  writeFileSync(path.join(dir, 'main.tsx'), MAIN);
  const dist = path.join(dir, 'dist');
  await build({ root: dir, configFile: false, logLevel: 'warn', plugins: [react()], build: { outDir: dist, emptyOutDir: true } });

  const server: Server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    const file = path.join(dist, pathname === '/' ? 'index.html' : path.normalize(pathname));
    try {
      if (!file.startsWith(dist)) throw new Error('outside');
      const body = readFileSync(file);
      const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.html') ? 'text/html; charset=utf-8' : 'application/octet-stream';
      res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
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
