import { randomBytes } from 'node:crypto';
import { badInput, notFound } from '../envelope';
import { readUpload } from '../multipart-upload';
import type { ApiArea } from '../route-registry';
import { publicRoute, sessionRoute } from '../route-definition';
import { assetButtons, kindResources, VEHICLE_MENU } from '../admin/asset-admin-rules';
import { MediaApi } from '../../../sdk/contracts/asset';

const BASE = '/car/v1/api/media';
/** Largest photo accepted. */
export const MAX_PHOTO_BYTES = 2 * 1024 * 1024;

/** The image types accepted, known by their first bytes (not by what the browser claims). */
const IMAGE_TYPES: readonly { ext: string; type: string; is: (b: Buffer) => boolean }[] = [
  { ext: 'jpg', type: 'image/jpeg', is: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'png', type: 'image/png', is: (b) => b.length > 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: 'webp', type: 'image/webp', is: (b) => b.length > 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP' },
];
const NAME = /^[0-9a-f]{32}\.(jpg|png|webp)$/;

/** The image type of `content`, or undefined when it is none of JPEG, PNG and WebP. */
export function imageTypeOf(content: Buffer): { ext: string; type: string } | undefined {
  return IMAGE_TYPES.find((t) => t.is(content));
}

export const mediaUploadRoute = sessionRoute.of(MediaApi.upload, {
  resource: assetButtons(VEHICLE_MENU).edit,
  // 宠物档案 (1304) edits a pet's photo inside 宠物守护
  alsoResources: [assetButtons(VEHICLE_MENU).add, ...kindResources('add'), ...kindResources('edit'), 1304],
  handler: async ({ request, deps, user }) => {
    const { content } = await readUpload(request, MAX_PHOTO_BYTES, { missing: '请选择要上传的图片', tooLarge: '图片不能超过 2 MB' });
    if (content.length === 0) throw badInput('图片是空文件');
    const image = imageTypeOf(content);
    if (!image) throw badInput('只能上传 JPG、PNG 或 WebP 格式的图片');
    const name = `${randomBytes(16).toString('hex')}.${image.ext}`;
    await deps.store.media.save({ name, tenantId: user.tenantId, contentType: image.type, data: content, createdBy: user.id });
    return { url: `${BASE}/${name}`, size: content.length, contentType: image.type };
  },
});

/**
 * An uploaded image by its name. Its 128 random bits are the key (an <img> cannot send the
 * session header), as with the signed addresses of an object store.
 */
export const mediaFileRoute = publicRoute({
  method: 'GET',
  url: `${BASE}/:name`,
  summary: '读取上传的照片（地址由 upload.json 答复）',
  raw: true,
  handler: async ({ request, reply, deps }) => {
    const { name } = request.params as { name: string };
    const file = NAME.test(name) ? await deps.store.media.find(name) : undefined;
    if (!file) throw notFound('图片不存在');
    return reply.type(file.contentType).header('cache-control', 'private, max-age=31536000, immutable').send(Buffer.from(file.data));
  },
});

export const mediaArea: ApiArea = { name: 'media', routes: [mediaUploadRoute, mediaFileRoute] };
