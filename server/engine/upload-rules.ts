// §5.3 upload rules, enforced on the server too: image mode png/jpg/jpeg up to 1 MB, file mode office
// documents, pdf, txt and images up to 10 MB, each with the spec's message. The extension must match
// the file's first bytes, so a renamed executable is not stored as a picture.
export type UploadType = 'image' | 'file';

type Kind = { contentType: string; magic: (data: Buffer) => boolean };

const startsWith = (bytes: readonly number[]) => (data: Buffer) => bytes.every((b, i) => data[i] === b);
const OLE = startsWith([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = startsWith([0x50, 0x4b, 0x03, 0x04]);
const PNG = startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = startsWith([0xff, 0xd8, 0xff]);
/** Plain text: no NUL byte in the first 8 KB (binary formats all have them early). */
const TEXT = (data: Buffer) => !data.subarray(0, 8192).includes(0);

export const KINDS: Readonly<Record<string, Kind>> = {
  png: { contentType: 'image/png', magic: PNG },
  jpg: { contentType: 'image/jpeg', magic: JPEG },
  jpeg: { contentType: 'image/jpeg', magic: JPEG },
  gif: { contentType: 'image/gif', magic: startsWith([0x47, 0x49, 0x46, 0x38]) },
  bmp: { contentType: 'image/bmp', magic: startsWith([0x42, 0x4d]) },
  doc: { contentType: 'application/msword', magic: OLE },
  xls: { contentType: 'application/vnd.ms-excel', magic: OLE },
  ppt: { contentType: 'application/vnd.ms-powerpoint', magic: OLE },
  docx: { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', magic: ZIP },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', magic: ZIP },
  pdf: { contentType: 'application/pdf', magic: startsWith([0x25, 0x50, 0x44, 0x46]) },
  txt: { contentType: 'text/plain; charset=utf-8', magic: TEXT },
};

const MB = 1024 * 1024;

export const UPLOAD_RULES: Readonly<Record<UploadType, { extensions: readonly string[]; maxBytes: number; badType: string; tooLarge: string }>> = {
  image: {
    extensions: ['png', 'jpg', 'jpeg'],
    maxBytes: 1 * MB,
    badType: '文件类型不合法，请上传png, jpg, jpeg格式文件',
    tooLarge: '上传文件大小不能超过1MB',
  },
  file: {
    extensions: ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pdf', 'txt', 'png', 'jpg', 'jpeg', 'gif', 'bmp'],
    maxBytes: 10 * MB,
    badType: '文件格式不正确!',
    tooLarge: '上传文件大小不能超过10MB!',
  },
};

/** The largest file any mode accepts: what the multipart reader buffers at most. */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_RULES).map((r) => r.maxBytes));

export const extensionOf = (fileName: string): string => /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1].toLowerCase() ?? '';

/** The refusal message for this file, or null when it may be stored. Size is checked by the reader. */
export function typeProblem(type: UploadType, fileName: string, data: Buffer): string | null {
  const rules = UPLOAD_RULES[type];
  const ext = extensionOf(fileName);
  const kind = rules.extensions.includes(ext) ? KINDS[ext] : undefined;
  return kind && data.length > 0 && kind.magic(data) ? null : rules.badType;
}

/**
 * Whether a stored file may be shown inline: an image type by its name, stored with that type's content
 * type, whose first bytes are that image format's (the file route serves everything else as attachment).
 */
export function isVerifiedImage(fileName: string, contentType: string, data: Buffer): boolean {
  const kind = KINDS[extensionOf(fileName)];
  return kind !== undefined && kind.contentType.startsWith('image/') && kind.contentType === contentType && data.length > 0 && kind.magic(data);
}
