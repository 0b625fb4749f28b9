// The search form of a page (§5.4): one input per search field by operator and field type; a required
// search field shows its placeholder (or its own message) on blur. Values become plain filters.
import type { ISchema } from '@formily/react';
import type { EntityField, EntitySchema, ListFilter, PageSchema, SearchField } from '../../../common/metadata';
import { booleanLabels } from '../../../common/field-types';
import { componentOf, entityField } from './entity-fields';

const DATE_TYPES = new Set(['date', 'datetime']);

function searchComponent(field: EntityField, s: SearchField): string {
  if (s.operator === 'between' && DATE_TYPES.has(field.type)) return 'DateRange';
  if (s.operator === 'contains') return 'Input';
  // A switch cannot say "either": booleans search with 全部 / 是 / 否 (or the field's words).
  if (field.type === 'boolean') return 'Select';
  const c = componentOf(field);
  return c === 'Input.TextArea' || c === 'JsonEditor' ? 'Input' : c;
}

function searchProps(field: EntityField, s: SearchField, component: string): Record<string, unknown> {
  const label = s.label ?? field.title;
  const choosing = component !== 'Input' && component !== 'NumberPicker';
  const props: Record<string, unknown> = { placeholder: s.placeholder ?? `${choosing ? '请选择' : '请输入'}${label}`, allowClear: true };
  if (field.dictionary) props.dictionary = field.dictionary;
  if (s.operator === 'in') props.mode = 'multiple';
  if (component === 'DateRange') Object.assign(props, { withTime: field.type === 'datetime', shortcuts: s.shortcuts ?? true });
  if (component === 'NumberPicker') props.style = { width: '100%' };
  return props;
}

/** The choices of a boolean search field: 全部 (no condition) and the field's two words. */
function booleanChoices(field: EntityField): Array<{ label: string; value: string }> {
  const words = booleanLabels(field);
  return [
    { label: '全部', value: '' },
    { label: words.true, value: 'true' },
    { label: words.false, value: 'false' },
  ];
}

export function buildSearchSchema(page: PageSchema, entity: EntitySchema): ISchema {
  const properties: Record<string, ISchema> = {};
  (page.search?.fields ?? []).forEach((s, i) => {
    const field = entityField(entity, s.field);
    const component = searchComponent(field, s);
    const props = searchProps(field, s, component);
    if (field.type === 'boolean') Object.assign(props, { placeholder: '全部', allowClear: false });
    properties[s.field] = {
      ...(field.type === 'boolean' ? { enum: booleanChoices(field), default: '' } : {}),
      type: s.operator === 'between' || s.operator === 'in' ? 'array' : 'string',
      title: s.label ?? field.title,
      'x-index': i,
      'x-decorator': 'FormItem',
      'x-component': component,
      'x-component-props': props,
      'x-validator': s.required ? [{ required: true, message: s.message ?? String(props.placeholder), triggerType: 'onBlur' }] : [],
    };
  });
  if (page.search?.keyword) {
    properties.keyword = { type: 'string', title: '关键字', 'x-decorator': 'FormItem', 'x-component': 'Input', 'x-component-props': { placeholder: '请输入关键字', allowClear: true } };
  }
  return { type: 'object', properties };
}

/** Search values → the list's filters and keyword. */
export function searchToQuery(page: PageSchema, values: Record<string, unknown>): { filters: ListFilter[]; keyword?: string } {
  const filters = (page.search?.fields ?? []).map((s) => ({ field: s.field, operator: s.operator, value: values[s.field] }));
  const keyword = typeof values.keyword === 'string' && values.keyword.trim() ? values.keyword.trim() : undefined;
  return { filters, keyword };
}
