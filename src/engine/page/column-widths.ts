// Column widths of a generated list by what a column holds (dates, ID numbers, money, status tags, names,
// long text): every column gets a number, never less than its title needs on one line (with the sort
// arrows when it sorts) or than its type's values need, so a fixed column never covers a squeezed one
// and the table scrolls horizontally (scroll.x = the sum) when the columns do not fit.
import type { CellDisplay, EntityField } from '../../../common/metadata';
import { DEFAULT_COLUMN_WIDTH } from './table-constants';

/** One CJK character of a 14 px header, cell padding on both sides, and antd's sorter arrows. */
const CHAR_PX = 14;
const LATIN_PX = 8;
const CELL_PADDING = 34;
const SORTER_PX = 24;

/** What a value of each kind needs at least (its longest usual text), and what it gets when the schema says nothing. */
const BY_DISPLAY: Partial<Record<CellDisplay, { min: number; width: number }>> = {
  date: { min: 110, width: 120 },
  datetime: { min: 170, width: 180 },
  maskId: { min: 180, width: 190 },
  money: { min: 110, width: 130 },
  dict: { min: 80, width: 110 },
  boolean: { min: 70, width: 90 },
  image: { min: 80, width: 100 },
  file: { min: 120, width: 180 },
  companyName: { min: 150, width: 190 },
  json: { min: 90, width: 110 },
};

const BY_FORMAT: Record<string, { min: number; width: number }> = {
  mobile: { min: 125, width: 130 },
  landline: { min: 130, width: 140 },
  idCard: { min: 180, width: 190 },
  realName: { min: 80, width: 100 },
  plate: { min: 100, width: 110 },
  date: { min: 110, width: 120 },
};

/** The width a text needs on one line at the header's font. */
export function textWidth(text: string): number {
  let px = 0;
  for (const ch of text) px += ch.charCodeAt(0) <= 0xff ? LATIN_PX : CHAR_PX;
  return Math.ceil(px);
}

/** The least width a column's title needs: its text, the cell padding and the sorter arrows. */
export const titleWidth = (title: string, sortable: boolean): number => textWidth(title) + CELL_PADDING + (sortable ? SORTER_PX : 0);

/** A long text column: shown on one line with an ellipsis and its whole text in a tooltip. */
export const isLongText = (field: EntityField): boolean => field.type === 'text' || (field.type === 'string' && (field.maxLength ?? 0) > 100);

function byKind(field: EntityField, display: CellDisplay): { min: number; width: number } {
  const kind = BY_DISPLAY[display] ?? (field.format ? BY_FORMAT[field.format] : undefined);
  if (kind) return kind;
  switch (field.type) {
    case 'integer':
    case 'number':
      return { min: 70, width: 100 };
    case 'project':
    case 'company':
      return { min: 160, width: 220 };
    case 'text':
      return { min: 160, width: 240 };
    case 'id':
      return { min: 100, width: 170 };
    default:
      if (isLongText(field)) return { min: 160, width: 240 };
      // A short code or name: room for its usual length, at most the default.
      return { min: 80, width: Math.min(DEFAULT_COLUMN_WIDTH, Math.max(100, (field.maxLength ?? 20) * 7)) };
  }
}

/**
 * The width of a list column: the user's or the schema's width where given, else its kind's; never less
 * than what its title and its kind's values need.
 */
export function columnWidth(field: EntityField, display: CellDisplay, title: string, sortable: boolean, width?: number): number {
  const kind = byKind(field, display);
  return Math.max(width ?? kind.width, kind.min, titleWidth(title, sortable));
}
