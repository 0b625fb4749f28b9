// Reads a multipart/form-data request of one file and a few text fields (§7.2 UploadImageRedis, the
// generic import). A file over the byte limit is reported, not thrown, so the caller can answer the
// §5.3 message for its own limit; other malformed bodies are a 400.
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { INPUT_MESSAGES, isIllegalText } from '../http/input-guard';
import { BadRequest } from './errors';

export type UploadedFile = { fileName: string; mimeType: string; data: Buffer };
export type MultipartBody = { fields: Record<string, string>; file: UploadedFile | null; tooLarge: boolean };

export async function readMultipart(request: FastifyRequest, maxFileBytes: number, fileField = 'file'): Promise<MultipartBody> {
  if (!request.isMultipart()) throw new BadRequest('请使用 multipart/form-data 上传文件');
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  let tooLarge = false;
  try {
    // Over the limit the stream is cut and marked truncated (app.ts registers the plugin with
    // throwFileSizeLimit false), and the fields after the file are still read.
    const parts = request.parts({ limits: { fileSize: maxFileBytes, files: 1, fields: 20, fieldSize: 4096 } });
    for await (const part of parts) {
      // Field names, values and the file name are text like any other (input-guard.ts).
      const value = part.type === 'field' ? (typeof part.value === 'string' ? part.value : String(part.value ?? '')) : part.filename;
      if (isIllegalText(part.fieldname) || isIllegalText(value ?? '')) {
        if (part.type === 'file') part.file.resume();
        throw new BadRequest(INPUT_MESSAGES.illegalText);
      }
      if (part.type === 'field') {
        fields[part.fieldname] = value;
      } else if (part.fieldname !== fileField) {
        part.file.resume();
        throw new BadRequest(`不支持的字段 ${part.fieldname}`);
      } else {
        const data = await part.toBuffer();
        if (part.file.truncated) tooLarge = true;
        else file = { fileName: part.filename, mimeType: part.mimetype, data };
      }
    }
  } catch (error) {
    if (error instanceof BadRequest) throw error;
    throw new BadRequest('上传内容不完整或格式错误');
  }
  return { fields, file, tooLarge };
}
