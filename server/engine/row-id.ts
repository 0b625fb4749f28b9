// Entity keys are bigint identities, answered as strings (docs/metadata.md); anything else names no row.
// Matched exactly: the text is digits and nothing else (" 1", "01", "1\n" and "+1" name no row).
// Platform tables (server/db/migrations) key by `integer`: a larger id names no row there either, rather
// than reaching PostgreSQL as an out-of-range integer (docs/security-input.md).
import { INT4_RANGE } from '../../common/field-types';

export type IdColumn = 'bigint' | 'integer';

export function rowId(value: unknown, column: IdColumn = 'bigint'): string | null {
  const text = typeof value === 'number' || typeof value === 'string' ? String(value) : '';
  if (!/^[1-9][0-9]{0,17}$/.test(text)) return null;
  return column === 'integer' && Number(text) > INT4_RANGE.maximum ? null : text;
}

/** The key column of an entity's table: `integer` on platform tables, else bigint. */
export const idColumnOf = (model: { platform: boolean }): IdColumn => (model.platform ? 'integer' : 'bigint');
