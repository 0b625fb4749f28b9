// A value of the detail dialog shown by the list's display rules (§5.6, §9): money in 元/万/亿, masked
// ID numbers, dictionary codes as labels, booleans in the field's words, dates, and project or company
// ids as the name the server answered in the row's `labels` (docs/metadata.md "Labels"), never by
// resolving the id through a select.
import { observer, useField, useForm } from '@formily/react';
import { rowLabel } from '../../../common/field-types';
import type { CellDisplay, DictionaryRef } from '../../../common/metadata';
import type { DictOptionItem } from '../dictionary/dictionary-ref';
import { useDictionary } from '../dictionary/use-dictionary';
import { renderCell } from '../page/cell-display';

type Props = {
  value?: unknown;
  display: CellDisplay;
  dictionary?: DictionaryRef;
  /** Options that need no request: a boolean field's words. */
  options?: DictOptionItem[];
};

function DetailValueView({ value, display, dictionary, options }: Props) {
  const field = useField();
  const form = useForm();
  const { options: loaded } = useDictionary(dictionary);
  const name = String(field.props.name);
  const shown = rowLabel(form.values as Record<string, unknown>, name) ?? value;
  // A detail has room for the whole company name (lists cut it at 10 characters, §5.6).
  const content = renderCell(display === 'companyName' ? 'text' : display, shown, dictionary ? loaded : options, false);
  return <span className="engine-detail-value">{content === '' || content === null ? '-' : content}</span>;
}

export const DetailValue = observer(DetailValueView);
