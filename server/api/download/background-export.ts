import { randomBytes } from 'node:crypto';
import { mkdir, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SessionContext } from '../route-definition';

/**
 * Starts an export that lands in 下载中心: the record is stored as 生成中 now, `build` writes the
 * file after the answer went out, and the record becomes 可下载 (with its size) or 失败; the
 * user's open consoles get `exportReady` over /ws. Answers the record id and file name.
 */
export async function startBackgroundExport<Q, B>(
  ctx: SessionContext<Q, B>,
  fileName: string,
  build: () => Promise<Buffer>,
): Promise<{ id: number; fileName: string }> {
  const { deps, user } = ctx;
  const id = await deps.store.exports.create({
    userId: user.id, tenantId: user.tenantId, fileName, status: 0, size: 0, storageKey: null, createdAt: deps.clock.now(),
  });
  setImmediate(() => {
    void (async () => {
      const key = `export-${id}-${randomBytes(6).toString('hex')}.xlsx`;
      const file = join(deps.exportDir, key);
      try {
        await mkdir(deps.exportDir, { recursive: true });
        await writeFile(file, await build());
        const { size } = await stat(file);
        await deps.store.exports.finish(id, { status: 1, size, storageKey: key });
        deps.fleet?.bus.publish({ type: 'exportReady', tenantId: user.tenantId, userId: user.id, id, fileName });
      } catch (err) {
        ctx.request.log.error({ err, exportId: id }, 'export failed');
        await unlink(file).catch(() => undefined);
        await deps.store.exports.finish(id, { status: 2, size: 0, storageKey: null }).catch(() => undefined);
      }
    })();
  });
  return { id, fileName };
}
