// Entity keys are bigint identities, answered as strings (docs/metadata.md); anything else names no row.
export function rowId(value: unknown): string | null {
  const text = typeof value === 'number' || typeof value === 'string' ? String(value).trim() : '';
  return /^[1-9][0-9]{0,17}$/.test(text) ? text : null;
}
