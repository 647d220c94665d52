import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { notFound } from '../envelope';
import { sessionRoute } from '../route-definition';
import { pageOffset } from '../schema-helpers';
import { DownloadApi } from '../../../sdk/contracts/center';
import { KernelApi } from '../../../sdk/contracts/kernel';
import { toChinaIso } from '../../time/china-time';

const TOKEN_TTL_MS = 60_000;
/** 下载中心. */
const DOWNLOAD_CENTRE = 1601;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const downloadTokenRoute = sessionRoute.of(KernelApi.downloadToken, {
  anyUser: true,
  handler: async ({ user, deps }) => {
    const token = randomBytes(24).toString('hex');
    await deps.store.exports.createDownloadToken(token, user.id, new Date(deps.clock.now().getTime() + TOKEN_TTL_MS));
    return { token };
  },
});

export const listExportRecordRoute = sessionRoute.of(DownloadApi.list, {
  resource: DOWNLOAD_CENTRE,
  handler: async ({ body, user, deps }) => {
    const { offset, limit } = pageOffset(body);
    const page = await deps.store.exports.page(user.id, offset, limit);
    return {
      total: page.total,
      list: page.list.map((r) => ({ id: r.id, fileName: r.fileName, status: r.status, createTime: toChinaIso(r.createdAt), size: r.size })),
    };
  },
});

export const exportDownloadRoute = sessionRoute.of(DownloadApi.download, {
  auth: 'download',
  raw: true,
  resource: DOWNLOAD_CENTRE,
  handler: async ({ query, user, deps, reply }) => {
    const record = await deps.store.exports.find(user.id, query.id);
    if (!record || record.status !== 1 || !record.storageKey) throw notFound('文件不存在或尚未生成');
    const file = join(deps.exportDir, basename(record.storageKey));
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) throw notFound('文件不存在或已被清理');
    return reply
      .type(record.fileName.endsWith('.xlsx') ? XLSX : 'application/octet-stream')
      .header('content-length', info.size)
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(record.fileName)}`)
      .send(createReadStream(file));
  },
});
