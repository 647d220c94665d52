import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { publicRoute } from '../route-definition';

// Read on every request: adding a manifest entry registers a plugin without a restart.
export const pluginsManifestRoute = publicRoute({
  method: 'GET',
  url: '/plugins.manifest.json',
  raw: true,
  summary: '子应用清单（原样返回仓库根目录的 plugins.manifest.json，不包信封）',
  handler: async ({ deps, reply }) => {
    const text = await readFile(join(deps.rootDir, 'plugins.manifest.json'), 'utf8');
    return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(text);
  },
});
