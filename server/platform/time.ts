// Times on the wire are China Standard Time text (§9 date format), whatever the server's zone.
const CST_OFFSET_MS = 8 * 60 * 60 * 1000;

export function formatDateTime(value: Date | string | null): string {
  if (value === null) return '';
  const date = value instanceof Date ? value : new Date(value);
  return new Date(date.getTime() + CST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}
