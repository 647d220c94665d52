import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { badInput } from './envelope';

export interface UploadedFile {
  filename: string;
  content: Buffer;
}

/**
 * The one file of a multipart request (field `file`), read whole, or a Chinese refusal: no file
 * (`missing`) or a file over `maxBytes` (`tooLarge`), whatever its size.
 */
export async function readUpload(request: FastifyRequest, maxBytes: number, messages: { missing: string; tooLarge: string }): Promise<UploadedFile> {
  if (!request.isMultipart()) throw badInput(messages.missing);
  let file: MultipartFile | undefined;
  let content: Buffer;
  try {
    file = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
    if (!file) throw badInput(messages.missing);
    content = await file.toBuffer();
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badInput(messages.tooLarge);
    throw e;
  }
  // The stream is cut at the limit; when the cut falls on a chunk boundary, toBuffer() answers the
  // first maxBytes without an error, so only the truncated flag tells a whole file from a cut one.
  if (file.file.truncated) throw badInput(messages.tooLarge);
  return { filename: file.filename, content };
}
