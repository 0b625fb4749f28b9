// Wire ids are strings (common/wire.ts); rows use integer keys. Anything else is "no such row": the text
// must be exactly the digits of the id (no spaces, signs or leading zeros).
const MAX_ID = 2_147_483_647;

export function parseId(value: string | number | null | undefined): number | null {
  const text = String(value ?? '');
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ID ? id : null;
}
