// Format checks of spec §5.5, one implementation for the browser forms and the server.

/** The 31 mainland provinces' plate characters. */
const PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';
/** Serial characters: digits and capitals without I and O. */
const SERIAL = 'A-HJ-NP-Z0-9';
/**
 * Mainland plates (§5.5, GA 36-2018): province + issuing letter, then
 * - ordinary: 5 serial characters (川K12345, 川KA1B23), the last may be 挂 学 警 港 澳 领 (川K1234挂, 粤Z1234港);
 * - small new-energy: D or F, a serial character, 4 digits (川KD12345, 川KF1A234 is not one);
 * - large new-energy: 5 digits, then D or F (川K12345D);
 * - embassy: 使 and 6 digits (使014001).
 */
const PLATE = new RegExp(
  [
    `^[${PROVINCES}][A-Z][${SERIAL}]{4}[${SERIAL}挂学警港澳领]$`,
    `^[${PROVINCES}][A-Z][DF][${SERIAL}]\\d{4}$`,
    `^[${PROVINCES}][A-Z]\\d{5}[DF]$`,
    '^使\\d{6}$',
  ].join('|'),
);

export const isMobile = (v: string): boolean => /^1[3-9]\d{9}$/.test(v);
export const isLandline = (v: string): boolean => /^(0\d{2,3}-?)?\d{7,8}$/.test(v);
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

/** GB/T 2260 province codes: the first two digits of an ID number. */
const PROVINCE_CODES = new Set([11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61, 62, 63, 64, 65, 71, 81, 82, 91]);
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** The GB 11643 check character of the first 17 digits. */
export const idCheckDigit = (first17: string): string =>
  ID_CHECK[[...first17].reduce((sum, d, i) => sum + Number(d) * ID_WEIGHTS[i], 0) % 11];

/** Today in China Standard Time as YYYY-MM-DD (birth dates may not lie after it). */
const todayCst = (): string => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

/**
 * A mainland ID number (GB 11643): 18 characters — a province code (11–15, 21–23, 31–37, 41–46, 50–54,
 * 61–65, 71, 81, 82, 91) first, the birth date (a real date from 1900-01-01 up to today, CST) at 7–14 and
 * the check character (digit or X) last; or a first-generation 15-digit number (province, birth date 19YYMMDD).
 */
export function isIdCard(v: string): boolean {
  if (!/^(\d{15}|\d{17}[\dXx])$/.test(v) || !PROVINCE_CODES.has(Number(v.slice(0, 2)))) return false;
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
