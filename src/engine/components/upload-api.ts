// POST /api/Upload/UploadImageRedis (docs/metadata.md): multipart `file`, `upload_type`, `file_name`; the
// HTTP client adds token, fromplat and wid as form fields (§7.1). Answers the file's address.
import { http, unwrap } from '../../lib/http/client';

export const UPLOAD_URL = '/api/Upload/UploadImageRedis';

export function uploadFile(file: File, uploadType: 'image' | 'file'): Promise<string> {
  const form = new FormData();
  form.set('file', file, file.name);
  form.set('upload_type', uploadType);
  form.set('file_name', file.name);
  return unwrap(http.post<string>(UPLOAD_URL, form)).then((url) => String(url ?? ''));
}
