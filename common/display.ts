// Display rules of §5.6 and the money formatter of §9, shared by tables, detail views and exports.

/** ID number with the first 4 and last 4 characters visible. */
export function maskIdNumber(id: string | null | undefined): string {
  if (!id) return '';
  if (id.length <= 8) return id;
  return `${id.slice(0, 4)}${'*'.repeat(id.length - 8)}${id.slice(-4)}`;
}

/** A mobile number with the first 3 and last 4 digits visible (§5.6 practice for phones: 138****1234). */
export function maskMobile(phone: string | null | undefined): string {
  if (!phone) return '';
  if (phone.length <= 7) return phone;
  return `${phone.slice(0, 3)}${'*'.repeat(phone.length - 7)}${phone.slice(-4)}`;
}

/** Truncates with an ellipsis after `max` characters. */
export function truncate(text: string | null | undefined, max: number): string {
  if (!text) return '';
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}

export const COMPANY_NAME_MAX = 10;
export const COMPANY_FILTER_MAX = 26;

/** Money in 元, 万 or 亿 (§9). */
export function formatMoney(amount: number | null | undefined, digits = 2): string {
  if (amount === null || amount === undefined || Number.isNaN(amount)) return '';
  const abs = Math.abs(amount);
  if (abs >= 1e8) return `${(amount / 1e8).toFixed(digits)}亿`;
  if (abs >= 1e4) return `${(amount / 1e4).toFixed(digits)}万`;
  return `${amount.toFixed(digits)}元`;
}
