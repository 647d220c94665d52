import type {} from '@fastify/static'; // reply.sendFile
import type { FastifyReply } from 'fastify';
import { createReadStream } from 'node:fs';
import { contentTypeOf, resolvePluginFile } from '../../installed-plugins/plugin-file';
import { publicRoute } from '../route-definition';

/** An ES module that fails to load with `message`. */
const refusalModule = (message: string) => `throw new Error(${JSON.stringify(message)});\nexport default undefined;\n`;

/** The server entry itself, or a file of the folder it lies in when that is not the plugin's root (`server/…`). */
function isServerFile(serverEntry: string, rest: string): boolean {
  const folder = serverEntry.includes('/') ? serverEntry.slice(0, serverEntry.lastIndexOf('/') + 1) : undefined;
  const path = rest.split('/').filter(Boolean).join('/');
  return path === serverEntry || (folder !== undefined && path.startsWith(folder));
}

const notFound = (reply: FastifyReply) => reply.code(404).type('text/plain; charset=utf-8').send('Not Found');

/**
 * A plugin's module files: an installed plugin's from its PLUGINS_DIR folder, otherwise the
 * built console's own plugin chunks (dist/child/<systemId>/). Never an envelope, never index.html.
 */
export const pluginFilesRoute = publicRoute({
  method: 'GET',
  url: '/child/:systemId/*',
  raw: true,
  summary: '插件模块文件（已安装插件的目录或控制台构建中的 child/<systemId>/）',
  handler: async ({ deps, request, reply }) => {
    const { systemId, '*': rest } = request.params as { systemId: string; '*': string };
    // The console reads the manifest (which refreshes PLUGINS_DIR) before it asks for a plugin's files.
    const installed = deps.plugins.find(systemId);
    if (installed) {
      // A plugin built for another SDK never runs: its entry fails with the reason, which the console shows as 插件加载失败.
      if (installed.refusal && `/child/${systemId}/${rest}` === installed.record.productionEntry) {
        return reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').header('x-content-type-options', 'nosniff').send(refusalModule(installed.refusal));
      }
      // the server part runs in the server; its files are not the browser's
      if (installed.serverEntry && isServerFile(installed.serverEntry, rest)) return notFound(reply);
      const file = await resolvePluginFile(installed.dir, rest);
      if (!file) return notFound(reply);
      return reply.type(contentTypeOf(file)).header('cache-control', 'no-cache').header('x-content-type-options', 'nosniff').send(createReadStream(file));
    }
    if (!deps.distDir) return notFound(reply);
    const segments = rest.split('/');
    if (segments.some((s) => s === '' || s === '.' || s === '..' || s.includes('\\'))) return notFound(reply);
    return reply.sendFile(['child', systemId, ...segments].join('/'));
  },
});
