// How a list cell shows its value (§5.6 display rules): dictionary labels from the cache, masked ID
// numbers, money in 元/万/亿, dates, booleans, images, files, json summaries, company names cut at 10
// characters; long text ellipsed with a tooltip of the whole text; a code of a dictionary whose options
// carry colours (statuses) as a coloured tag. Project and company ids show the
// name the server answered in the row's `labels` (docs/metadata.md "Labels").
import type { ReactNode } from 'react';
import { Tag, Tooltip } from 'antd';
import { chinaFormat } from '../../lib/time/china-time';
import { booleanLabels, FIELD_TYPES, rowLabel } from '../../../common/field-types';
import { COMPANY_NAME_MAX, formatMoney, maskIdNumber, truncate } from '../../../common/display';
import type { CellDisplay, EntityField, ListColumn } from '../../../common/metadata';
import { labelOf, type DictOptionItem } from '../dictionary/dictionary-ref';
import { FileLinks } from '../components/FileUpload';
import { ImageList, ImageThumbs } from '../components/ImageUpload';

export const displayOf = (column: Partial<Pick<ListColumn, 'field' | 'display'>>, field: EntityField): CellDisplay =>
  column.display ?? (field.dictionary ? 'dict' : FIELD_TYPES[field.type].display);

/** A boolean field's two words as options of 'true' / 'false' (在线 / 离线, default 是 / 否). */
export function booleanOptions(field: Pick<EntityField, 'trueLabel' | 'falseLabel'>): DictOptionItem[] {
  const words = booleanLabels(field);
  return [
    { value: 'true', label: words.true },
    { value: 'false', label: words.false },
  ];
}

/** The options a cell resolves codes through: the field's dictionary, or its boolean words. */
export function cellOptions(field: EntityField, dictionary: (ref: NonNullable<EntityField['dictionary']>) => DictOptionItem[] | undefined): DictOptionItem[] | undefined {
  if (field.dictionary) return dictionary(field.dictionary);
  return field.type === 'boolean' ? booleanOptions(field) : undefined;
}

function jsonSummary(value: unknown): string {
  if (typeof value !== 'string' || !value.trim()) return '';
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? `共${parsed.length}项` : '已设置';
  } catch {
    return value;
  }
}

/** The plain text of a cell (also what an ellipsed cell's tooltip shows). */
export function cellText(display: CellDisplay, value: unknown, options?: readonly DictOptionItem[]): string {
  if (value === undefined || value === null || value === '') return '';
  switch (display) {
    case 'dict':
      return Array.isArray(value) ? value.map((v) => labelOf(options, v)).join('、') : labelOf(options, value);
    case 'maskId':
      return maskIdNumber(String(value));
    case 'money':
      return formatMoney(Number(value));
    case 'date':
      return chinaFormat(String(value), 'YYYY-MM-DD', String(value));
    case 'datetime':
      return chinaFormat(String(value), 'YYYY-MM-DD HH:mm:ss', String(value));
    case 'boolean': {
      const yes = value === true || value === 1 || value === '1' || value === 'true';
      return options ? labelOf(options, String(yes)) : yes ? '是' : '否';
    }
    case 'json':
      return jsonSummary(value);
    default:
      return String(value);
  }
}

/** The value a cell shows: the server's label of a project or company id, else the value itself. */
export const cellValue = (row: Record<string, unknown>, field: string): unknown => rowLabel(row, field) ?? row[field];

/** A status code as a tag of its dictionary option's colour; undefined when the option has none. */
function dictTags(value: unknown, options: readonly DictOptionItem[] | undefined): ReactNode | undefined {
  const values = (Array.isArray(value) ? value : [value]).filter((v) => v !== undefined && v !== null && v !== '');
  const hits = values.map((v) => options?.find((o) => o.value === String(v)));
  if (values.length === 0 || hits.some((o) => !o?.color)) return undefined;
  return hits.map((o) => (
    <Tag key={o!.value} color={o!.color} className="engine-dict-tag" data-value={o!.value}>
      {o!.label}
    </Tag>
  ));
}

/**
 * A cell's content. `listTitle`: the cell is in a list (the column's title): images are a row-high
 * thumbnail named by it (ImageThumbs), not the detail view's pictures.
 */
export function renderCell(display: CellDisplay, value: unknown, options: readonly DictOptionItem[] | undefined, ellipsis: boolean, listTitle?: string): ReactNode {
  if (display === 'dict') {
    const tags = dictTags(value, options);
    if (tags) return tags;
  }
  if (display === 'image') {
    const images = typeof value === 'string' ? value : null;
    return listTitle === undefined ? <ImageList value={images} /> : <ImageThumbs value={images} title={listTitle} />;
  }
  if (display === 'file') return <FileLinks value={typeof value === 'string' ? value : null} />;
  const text = cellText(display, value, options);
  if (display === 'companyName') {
    // §5.6: company names are cut at 10 characters; the whole name is in the tooltip.
    const short = truncate(text, COMPANY_NAME_MAX);
    if (short === text) return text;
    return (
      <Tooltip placement="topLeft" title={text}>
        <span>{short}</span>
      </Tooltip>
    );
  }
  if (!ellipsis || !text) return text;
  return (
    <Tooltip placement="topLeft" title={text}>
      <span>{text}</span>
    </Tooltip>
  );
}
