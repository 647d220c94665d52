import { BUILT_IN_DECLARATIONS } from '../../store/catalogue/built-in-declarations';
import { publicRoute } from '../route-definition';

/** What each built-in sub-application adds to others' pages, by systemId (from its declaration). */
const BUILT_IN_CONTRIBUTIONS = new Map(BUILT_IN_DECLARATIONS.flatMap((d) => (d.contributes ? [[d.systemId, d.contributes] as const] : [])));

/** A built-in record as written, with its declaration's contributions (the extension points). */
function withContributions(record: unknown): unknown {
  const systemId = (record as { systemId?: unknown } | null)?.systemId;
  const contributes = typeof systemId === 'string' ? BUILT_IN_CONTRIBUTIONS.get(systemId) : undefined;
  return contributes ? { ...(record as object), contributes } : record;
}

// Read on every request: adding a manifest entry, or a plugin folder to PLUGINS_DIR, registers a plugin without a restart.
export const pluginsManifestRoute = publicRoute({
  method: 'GET',
  url: '/plugins.manifest.json',
  raw: true,
  summary: '子应用清单：仓库的 plugins.manifest.json 加上 PLUGINS_DIR 中已安装的插件（JSON 数组，不包信封）',
  handler: async ({ deps, reply }) => {
    const { builtIn, installed } = await deps.plugins.refresh();
    // a plugin whose server part failed is marked, so the console shows 插件加载失败 with the reason
    const records = [
      ...builtIn.map(withContributions),
      ...installed.map((p) => {
        const serverError = deps.serverParts?.serverError(p.record.systemId);
        return serverError ? { ...p.record, serverError } : p.record;
      }),
    ];
    return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(JSON.stringify(records));
  },
});
