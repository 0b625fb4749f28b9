// The editor of a `json` field (§3.3): when the field has a content schema, the engine turned it into a
// Formily array schema (schema/content-schema.ts) and this draws its top level with ArrayCards or
// ArrayItems; without one, the JSON text is edited directly. Read pretty shows JsonPreview.
// The questionGroups content kind has its own editor (QuestionGroups.tsx, registered in content-kinds.ts).
import { Input } from 'antd';
import { ArrayCards, ArrayItems } from '@formily/antd-v5';
import { observer, useField } from '@formily/react';
import type { JsonContentSchema } from '../../../common/metadata';
import type { JsonEditorLayout } from '../schema/content-schema';
import { JsonPreview } from './JsonPreview';

type Props = {
  value?: unknown;
  onChange?: (v: unknown) => void;
  layout?: JsonEditorLayout;
  content?: JsonContentSchema;
  title?: string;
  placeholder?: string;
};

function JsonEditorView({ layout, content, value, onChange, title, placeholder }: Props) {
  const field = useField();
  if (field.pattern === 'readPretty') return <JsonPreview value={value} content={content} />;
  if (layout === 'cards') return <ArrayCards title={title} />;
  if (layout === 'items') return <ArrayItems />;
  const text = typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value, null, 2);
  return <Input.TextArea value={text} rows={6} placeholder={placeholder ?? '请输入JSON内容'} onChange={(e) => onChange?.(e.target.value)} />;
}

export const JsonEditor = observer(JsonEditorView);
