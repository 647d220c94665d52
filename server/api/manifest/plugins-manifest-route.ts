import { publicRoute } from '../route-definition';

// Read on every request: adding a manifest entry, or a plugin folder to PLUGINS_DIR, registers a plugin without a restart.
export const pluginsManifestRoute = publicRoute({
  method: 'GET',
  url: '/plugins.manifest.json',
  raw: true,
  summary: '子应用清单：仓库的 plugins.manifest.json 加上 PLUGINS_DIR 中已安装的插件（JSON 数组，不包信封）',
  handler: async ({ deps, reply }) => {
    const { builtIn, installed } = await deps.plugins.refresh();
    // a plugin whose server part failed is marked, so the console shows 插件加载失败 with the reason
    const records = [...builtIn, ...installed.map((p) => {
      const serverError = deps.serverParts?.serverError(p.record.systemId);
      return serverError ? { ...p.record, serverError } : p.record;
    })];
    return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(JSON.stringify(records));
  },
});
