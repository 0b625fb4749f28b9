// Entity keys are bigint identities, answered as strings (docs/metadata.md); anything else names no row.
// Matched exactly: the text is digits and nothing else (" 1", "01", "1\n" and "+1" name no row).
export function rowId(value: unknown): string | null {
  const text = typeof value === 'number' || typeof value === 'string' ? String(value) : '';
  return /^[1-9][0-9]{0,17}$/.test(text) ? text : null;
}
