// A json field's content schema (common/metadata JsonContentSchema) → the Formily schema of its editor:
// arrays of objects become ArrayCards (items holding further arrays) or ArrayItems rows (flat items, e.g.
// answer options), arrays of plain values ArrayItems, recursively; strings become inputs titled by `title` with `description` as
// placeholder. The top level is drawn by the named component (JsonEditor, QuestionGroups).
import type { ISchema } from '@formily/react';
import type { JsonContentSchema } from '../../../common/metadata';

type Props = Record<string, ISchema>;

/** Which Formily array component the top-level editor draws. */
export type JsonEditorLayout = 'cards' | 'items';

const requiredRule = (title: string) => ({ required: true, message: `请输入${title}` });
const maxItemsRule = (c: JsonContentSchema) =>
  c.maxItems === undefined ? [] : [{ maxItems: c.maxItems, message: `${c.title ?? '列表'}最多${c.maxItems}项` }];

const isObjectArray = (c: JsonContentSchema) => c.type === 'array' && c.items?.type === 'object';
/** An object whose properties an editor can draw (an object without properties is kept as it is). */
const editableProps = (c: JsonContentSchema | undefined) =>
  Object.entries(c?.properties ?? {}).filter(([, p]) => p.type !== 'object' && !(p.type === 'array' && (!p.items || (p.items.type === 'object' && !p.items.properties))));

function leaf(name: string, c: JsonContentSchema, required: boolean, decorated = true): ISchema {
  const title = c.title ?? name;
  const component = c.type === 'boolean' ? 'Switch' : c.type === 'number' || c.type === 'integer' ? 'NumberPicker' : 'Input';
  return {
    type: c.type,
    title,
    ...(decorated ? { 'x-decorator': 'FormItem' } : {}),
    'x-component': component,
    'x-component-props': c.description ? { placeholder: c.description } : {},
    ...(required ? { 'x-validator': [requiredRule(title)] } : {}),
  };
}

function cardsArray(c: JsonContentSchema, component: string, depth: number): ISchema {
  const item = c.items as JsonContentSchema;
  const fields: Props = {};
  for (const [k, p] of editableProps(item)) fields[k] = node(k, p, item.required?.includes(k) ?? false, depth + 1);
  return {
    type: 'array',
    'x-component': component,
    'x-component-props': { title: c.title, size: depth > 0 ? 'small' : 'default' },
    'x-validator': maxItemsRule(c),
    items: {
      type: 'object',
      properties: {
        index: { type: 'void', 'x-component': 'ArrayCards.Index' },
        ...fields,
        moveUp: { type: 'void', 'x-component': 'ArrayCards.MoveUp' },
        moveDown: { type: 'void', 'x-component': 'ArrayCards.MoveDown' },
        remove: { type: 'void', 'x-component': 'ArrayCards.Remove' },
      },
    },
    properties: { addition: { type: 'void', title: `添加${c.items?.title ?? c.title ?? ''}`, 'x-component': 'ArrayCards.Addition' } },
  };
}

/** Flat objects (answer options): one compact row each, its fields side by side. */
function rowsArray(c: JsonContentSchema, component: string): ISchema {
  const item = c.items as JsonContentSchema;
  const fields: Props = {};
  for (const [k, p] of editableProps(item)) {
    const title = p.title ?? k;
    fields[k] = {
      ...leaf(k, p, item.required?.includes(k) ?? false),
      title: undefined,
      'x-component-props': { placeholder: p.description ? `${title}（${p.description}）` : title, 'aria-label': title, style: { width: 150 } },
    };
  }
  return {
    type: 'array',
    'x-component': component,
    'x-component-props': {},
    'x-validator': maxItemsRule(c),
    items: {
      type: 'object',
      'x-decorator': 'ArrayItems.Item',
      properties: {
        row: {
          type: 'void',
          'x-component': 'Space',
          'x-component-props': { align: 'start', wrap: true },
          properties: {
            sort: { type: 'void', 'x-component': 'ArrayItems.SortHandle' },
            index: { type: 'void', 'x-component': 'ArrayItems.Index' },
            ...fields,
            remove: { type: 'void', 'x-component': 'ArrayItems.Remove' },
            moveUp: { type: 'void', 'x-component': 'ArrayItems.MoveUp' },
            moveDown: { type: 'void', 'x-component': 'ArrayItems.MoveDown' },
          },
        },
      },
    },
    properties: { addition: { type: 'void', title: `添加${item.title ?? c.title ?? ''}`, 'x-component': 'ArrayItems.Addition' } },
  };
}

function itemsArray(c: JsonContentSchema, component: string): ISchema {
  const item = c.items ?? { type: 'string' };
  return {
    type: 'array',
    'x-component': component,
    'x-component-props': {},
    'x-validator': maxItemsRule(c),
    items: {
      type: 'void',
      'x-component': 'Space',
      properties: {
        value: { ...leaf('value', item, false, false), type: item.type },
        remove: { type: 'void', 'x-component': 'ArrayItems.Remove' },
      },
    },
    properties: { addition: { type: 'void', title: `添加${item.title ?? ''}`, 'x-component': 'ArrayItems.Addition' } },
  };
}

function node(name: string, c: JsonContentSchema, required: boolean, depth: number, topComponent?: string): ISchema {
  if (c.type === 'array') {
    const nested = editableProps(c.items).some(([, p]) => p.type === 'array');
    const own = (fallback: string) => topComponent ?? fallback;
    const schema: ISchema = isObjectArray(c)
      ? depth === 0 || nested
        ? cardsArray(c, own('ArrayCards'), depth)
        : rowsArray(c, own('ArrayItems'))
      : itemsArray(c, own('ArrayItems'));
    const layout: JsonEditorLayout = isObjectArray(c) && (depth === 0 || nested) ? 'cards' : 'items';
    const props = topComponent ? { ...(schema['x-component-props'] as object), layout } : schema['x-component-props'];
    return { ...schema, 'x-component-props': props, title: c.title ?? name, ...(depth > 0 ? { 'x-decorator': 'FormItem' } : {}) };
  }
  if (c.type === 'object') {
    const props: Props = {};
    for (const [k, p] of editableProps(c)) props[k] = node(k, p, c.required?.includes(k) ?? false, depth + 1);
    return { type: 'object', title: c.title ?? name, 'x-component': topComponent, properties: props };
  }
  return leaf(name, c, required);
}

/** The editor schema of a json field; `component` draws its top level (JsonEditor, QuestionGroups). */
export const contentToFormily = (content: JsonContentSchema, component: string): ISchema => node('', content, false, 0, component);

/** §3.3: json fields travel as JSON text; the editor works on the parsed value. */
export function parseJsonValue(value: unknown, content: JsonContentSchema | undefined): unknown {
  if (typeof value !== 'string') return value ?? (content?.type === 'array' ? [] : value);
  if (!value.trim()) return content?.type === 'array' ? [] : undefined;
  try {
    return JSON.parse(value);
  } catch {
    return content ? (content.type === 'array' ? [] : undefined) : value;
  }
}

export const stringifyJsonValue = (value: unknown): string | undefined =>
  value === undefined ? undefined : typeof value === 'string' ? value : JSON.stringify(value);

/**
 * The first problem of a whole json value against its content schema, in Chinese, naming where it is
 * (第2个检查分类 第1个检查项：请输入检查内容): required texts and list lengths, recursively. Editors that
 * edit the value whole (a content kind's own editor) are checked with it; the server checks again.
 */
export function contentProblem(value: unknown, c: JsonContentSchema, where = ''): string | undefined {
  const at = (text: string) => (where ? `${where}：${text}` : text);
  if (c.type === 'array' && Array.isArray(value)) {
    if (c.maxItems !== undefined && value.length > c.maxItems) return at(`${c.title ?? '列表'}最多${c.maxItems}项`);
    const item = c.items;
    if (!item) return undefined;
    for (const [i, v] of value.entries()) {
      const problem = contentProblem(v, item, `${where}${where ? ' ' : ''}第${i + 1}个${item.title ?? c.title ?? '项'}`);
      if (problem) return problem;
    }
    return undefined;
  }
  if (c.type === 'object' && value && typeof value === 'object' && !Array.isArray(value)) {
    const obj = value as Record<string, unknown>;
    for (const key of c.required ?? []) {
      const v = obj[key];
      if (v === undefined || v === null || (typeof v === 'string' && !v.trim())) return at(`请输入${c.properties?.[key]?.title ?? key}`);
    }
    for (const [key, p] of Object.entries(c.properties ?? {})) {
      if (obj[key] === undefined) continue;
      const problem = contentProblem(obj[key], p, where);
      if (problem) return problem;
    }
  }
  return undefined;
}

/** The Formily rule of contentProblem. */
export const contentRules = (c: JsonContentSchema) => [{ validator: (value: unknown) => (value === undefined || value === null ? undefined : contentProblem(value, c)) }];
