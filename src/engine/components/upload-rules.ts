// §5.3 upload rules and their messages, one place for the image, multi-image and file widgets.
export type UploadMode = 'image' | 'multiImage' | 'file';

export type UploadRules = {
  mode: UploadMode;
  /** Allowed extensions, lower case, without the dot. */
  types: readonly string[];
  maxSizeMb: number;
  maxCount: number;
  typeMessage: string;
  sizeMessage: string;
};

/** §9: count limit default 3. */
export const DEFAULT_MAX_COUNT = 3;
export const IMAGE_TYPES = ['png', 'jpg', 'jpeg'] as const;
export const MULTI_IMAGE_TYPES = ['jpg', 'jpeg', 'png', 'bmp', 'gif', 'ico'] as const;
export const FILE_TYPES = ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pdf', 'txt', 'jpg', 'jpeg', 'png', 'bmp', 'gif'] as const;

export const UPLOAD_SUCCESS = '文件上传成功';
export const UPLOAD_FAILURE = '文件上传失败';

export type UploadOptions = { maxSizeMb?: number; maxCount?: number; types?: readonly string[] };

export function uploadRules(mode: UploadMode, opts: UploadOptions = {}): UploadRules {
  const maxCount = opts.maxCount ?? DEFAULT_MAX_COUNT;
  if (mode === 'image') {
    const types = opts.types ?? IMAGE_TYPES;
    const maxSizeMb = opts.maxSizeMb ?? 1;
    return { mode, types, maxSizeMb, maxCount, typeMessage: `文件类型不合法，请上传${types.join('/')}格式文件`, sizeMessage: `上传文件大小不能超过${maxSizeMb}MB` };
  }
  if (mode === 'multiImage') {
    const maxSizeMb = opts.maxSizeMb ?? 10;
    return { mode, types: opts.types ?? MULTI_IMAGE_TYPES, maxSizeMb, maxCount, typeMessage: '只能上传图片格式!', sizeMessage: `上传图片大小不能超过${maxSizeMb}MB!` };
  }
  const maxSizeMb = opts.maxSizeMb ?? 10;
  return { mode, types: opts.types ?? FILE_TYPES, maxSizeMb, maxCount, typeMessage: '文件格式不正确!', sizeMessage: `上传文件大小不能超过${maxSizeMb}MB!` };
}

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/** The message a file is refused with, or undefined when it may be uploaded. */
export function checkFile(file: { name: string; size: number }, rules: UploadRules): string | undefined {
  if (!rules.types.includes(extensionOf(file.name))) return rules.typeMessage;
  if (file.size / 1024 / 1024 > rules.maxSizeMb) return rules.sizeMessage;
  return undefined;
}

/** §5.3 count limit: the warning when this selection would pass the limit, else undefined. */
export function countMessage(limit: number, selectedNow: number, alreadyChosen: number): string | undefined {
  if (selectedNow + alreadyChosen <= limit) return undefined;
  return `当前限制选择 ${limit} 个文件，本次选择了 ${selectedNow} 个文件，共选择了 ${selectedNow + alreadyChosen} 个文件`;
}

/** `accept` attribute of the file input. */
export const acceptOf = (rules: UploadRules): string => rules.types.map((t) => `.${t}`).join(',');

/** Stored value: the files' addresses joined by commas (a `string` field on the wire). */
export const splitUrls = (value: unknown): string[] =>
  typeof value === 'string' ? value.split(',').map((s) => s.trim()).filter(Boolean) : Array.isArray(value) ? value.map(String) : [];
export const joinUrls = (urls: readonly string[]): string => urls.join(',');
