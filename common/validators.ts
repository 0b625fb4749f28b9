// Format checks of spec §5.5, one implementation for the browser forms and the server.
import { REGION_CODE_LINES } from './region-codes';

/** The 31 mainland provinces' plate characters. */
const PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';
/** Serial characters: digits and capitals without I and O. */
const SERIAL = 'A-HJ-NP-Z0-9';
/**
 * New-energy letters (GA 36-2018 with the Ministry of Public Security's 2022 extension): D and F first,
 * then A B C E (pure electric, beside D) and G H J K (other new-energy, beside F).
 */
const ENERGY = 'A-HJK';
/**
 * Mainland plates (§5.5, GA 36-2018): province + issuing letter, then
 * - ordinary: 5 serial characters (川K12345, 川KA1B23), the last may be 挂 学 警 港 澳 领 使 (川K1234挂, 粤Z1234港);
 * - small new-energy: an energy letter, a serial character, 4 digits (川KD12345, 京AA12345, 川KF1A234 is not one);
 * - large new-energy: 5 digits, then an energy letter (川K12345D, 京A12345K);
 * - embassy: 使 and 6 digits (使014001).
 * Military and armed-police plates (VA12345, WJ…) have no province character and are refused.
 */
const PLATE = new RegExp(
  [
    `^[${PROVINCES}][A-Z][${SERIAL}]{4}[${SERIAL}挂学警港澳领使]$`,
    `^[${PROVINCES}][A-Z][${ENERGY}][${SERIAL}]\\d{4}$`,
    `^[${PROVINCES}][A-Z]\\d{5}[${ENERGY}]$`,
    '^使\\d{6}$',
  ].join('|'),
);

/**
 * A mobile number as written (+86 138 1234 5678, 0086-13812345678, 8613812345678): spaces and dashes
 * dropped, then a +86 / 0086 / 86 country prefix before 11 digits (1, then 3-9, then 9 digits). Other text
 * is answered as given, so the check refuses it.
 */
export function normaliseMobile(v: string): string {
  const m = /^(?:\+86|0086|86)?(1[3-9]\d{9})$/.exec(v.replace(/[\s-]/g, ''));
  return m ? m[1] : v;
}
/** An ID number with a lower-case x check character, written as GB 11643 prints it (X). */
export const normaliseIdCard = (v: string): string => (/^\d{17}x$/.test(v) ? v.toUpperCase() : v);

/** A mainland mobile number: 11 digits, 1 then 3-9, once normalised (normaliseMobile). */
export const isMobile = (v: string): boolean => /^1[3-9]\d{9}$/.test(normaliseMobile(v));
/** A landline: 7-8 digits, an optional area code (0832-2201234), an optional extension (010-12345678-1234). */
export const isLandline = (v: string): boolean => /^(0\d{2,3}-?)?\d{7,8}(-\d{1,6})?$/.test(v);
export const isIPv4 = (v: string): boolean =>
  /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/.test(v);
export const isEmail = (v: string): boolean => /^[\w.+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(v);
export const isRealName = (v: string): boolean => /^[\u4e00-\u9fa5·]{2,16}$/.test(v);
export const isUsername = (v: string): boolean => /^\w{6,20}$/.test(v);
export const isPositiveInteger = (v: string): boolean => /^[1-9]\d*$/.test(v);
export const isLetters = (v: string): boolean => /^[A-Za-z]+$/.test(v);
export const isAlphanumeric = (v: string): boolean => /^[A-Za-z0-9]+$/.test(v);
export const isImageExtension = (v: string): boolean => /\.(jpe?g|gif|png|bmp)$/i.test(v);
export const isTimeOfDay = (v: string): boolean => /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(v);
export const isPlate = (v: string): boolean => PLATE.test(v);
export const isWechat = (v: string): boolean => /^[A-Za-z][-_A-Za-z0-9]{5,19}$/.test(v);
export const isQQ = (v: string): boolean => /^[1-9]\d{4,10}$/.test(v);
export const isExternalLink = (v: string): boolean => /^(https?:|mailto:|tel:)/.test(v);

/** Strong password: at least 6 characters with a digit, an upper-case and a lower-case letter and a special character. */
export const isStrongPassword = (v: string): boolean =>
  v.length >= 6 && /\d/.test(v) && /[a-z]/.test(v) && /[A-Z]/.test(v) && /[^A-Za-z0-9]/.test(v);

export type PasswordStrength = '低' | '中' | '高';
/** Strength label: one point each for digit, lower, upper, special and length ≥ 10. */
export function passwordStrength(v: string): PasswordStrength {
  const score = [/\d/, /[a-z]/, /[A-Z]/, /[^A-Za-z0-9]/].filter((r) => r.test(v)).length + (v.length >= 10 ? 1 : 0);
  if (score >= 4) return '高';
  if (score >= 2) return '中';
  return '低';
}

/** YYYY-MM-DD with leap years. */
export function isDate(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1];
  return d <= days;
}

let regionCodes: ReadonlySet<string> | undefined;
/**
 * Whether six digits are a GB/T 2260 division code that has ever been in force (common/region-codes.ts:
 * abolished counties included, since an ID number keeps the code it was issued under), or 810000 / 820000
 * / 830000 of Hong Kong, Macao and Taiwan residents' residence permits.
 */
export function isRegionCode(code: string): boolean {
  regionCodes ??= new Set(
    REGION_CODE_LINES.trim()
      .split('\n')
      .flatMap((line) => {
        const [prefix, ...ends] = line.split(' ');
        return ends.map((end) => prefix + end);
      }),
  );
  return regionCodes.has(code);
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** The GB 11643 check character of the first 17 digits. */
export const idCheckDigit = (first17: string): string =>
  ID_CHECK[[...first17].reduce((sum, d, i) => sum + Number(d) * ID_WEIGHTS[i], 0) % 11];

/** Today in China Standard Time as YYYY-MM-DD (birth dates may not lie after it). */
const todayCst = (): string => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

/**
 * A mainland ID number (GB 11643): 18 characters — a GB/T 2260 region code (isRegionCode) first, the birth
 * date (a real date from 1900-01-01 up to today, CST) at 7–14 and the check character (digit, X or x) last;
 * or a first-generation 15-digit number (region code, birth date 19YYMMDD). Residence permits of Hong Kong,
 * Macao and Taiwan residents (810000, 820000, 830000) have the same form.
 */
export function isIdCard(v: string): boolean {
  if (!/^(\d{15}|\d{17}[\dXx])$/.test(v) || !isRegionCode(v.slice(0, 6))) return false;
  const long = v.length === 18;
  const birth = long ? v.slice(6, 14) : `19${v.slice(6, 12)}`;
  const date = `${birth.slice(0, 4)}-${birth.slice(4, 6)}-${birth.slice(6, 8)}`;
  if (!isDate(date) || date < '1900-01-01' || date > todayCst()) return false;
  return !long || idCheckDigit(v.slice(0, 17)) === v[17].toUpperCase();
}

/** Named formats, as entity schemas and forms refer to them, with the Chinese message for each. */
export const FORMATS = {
  mobile: { test: isMobile, message: '请输入正确的手机号码' },
  landline: { test: isLandline, message: '请输入正确的固定电话' },
  ip: { test: isIPv4, message: '请输入正确的IP地址' },
  idCard: { test: isIdCard, message: '请输入正确的身份证号码' },
  email: { test: isEmail, message: '请输入正确的邮箱地址' },
  realName: { test: isRealName, message: '姓名须为2-16个汉字' },
  username: { test: isUsername, message: '用户名须为6-20位字母、数字或下划线' },
  positiveInteger: { test: isPositiveInteger, message: '请输入正整数' },
  letters: { test: isLetters, message: '只能输入字母' },
  alphanumeric: { test: isAlphanumeric, message: '只能输入字母和数字' },
  timeOfDay: { test: isTimeOfDay, message: '请输入正确的时间（HH:MM）' },
  plate: { test: isPlate, message: '请输入正确的车牌号' },
  wechat: { test: isWechat, message: '微信号须以字母开头，6-20位' },
  qq: { test: isQQ, message: '请输入正确的QQ号码' },
  date: { test: isDate, message: '请输入正确的日期（YYYY-MM-DD）' },
  strongPassword: { test: isStrongPassword, message: '密码至少6位，须包含数字、大小写字母和特殊字符' },
} as const;
export type FormatName = keyof typeof FORMATS;

/**
 * How a value of a format is stored: the text a person may type is put in the one form the check and
 * the data keep (a mobile number as its 11 digits, an ID number's check character upper-case). The server
 * stores what this answers (server/engine/write-input.ts), the browser forms send it (form-values.ts).
 */
const NORMALISERS: Partial<Record<FormatName, (v: string) => string>> = { mobile: normaliseMobile, idCard: normaliseIdCard };

/** Whether a format's text is normalised before it is checked and stored (so its typed text may be longer). */
export const normalises = (format: FormatName | undefined): boolean => format !== undefined && format in NORMALISERS;

/** The stored form of a value of `format` (text only; any other value, and other formats, as given). */
export function normaliseFormat(format: FormatName | undefined, value: unknown): unknown {
  const normalise = format === undefined ? undefined : NORMALISERS[format];
  return normalise && typeof value === 'string' ? normalise(value) : value;
}
