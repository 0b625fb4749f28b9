// Read-only view of a json field's value (detail dialogs): groups and items as nested blocks, titled from
// the content schema, so a question list reads as a question list, not as JSON text.
import type { ReactNode } from 'react';
import { Empty, Tag, Typography } from 'antd';
import type { JsonContentSchema } from '../../../common/metadata';

type Value = unknown;

const isPlain = (v: Value) => v === null || ['string', 'number', 'boolean'].includes(typeof v);

function renderObject(obj: Record<string, Value>, schema: JsonContentSchema | undefined, depth: number): ReactNode {
  const entries = Object.entries(obj).filter(([, v]) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0));
  const plain = entries.filter(([, v]) => isPlain(v));
  const nested = entries.filter(([, v]) => !isPlain(v));
  return (
    <div>
      <div>
        {plain.map(([k, v]) => (
          <span key={k} style={{ marginRight: 16 }}>
            <Typography.Text type="secondary">{schema?.properties?.[k]?.title ?? k}：</Typography.Text>
            {String(v)}
          </span>
        ))}
      </div>
      {nested.map(([k, v]) => (
        <div key={k} style={{ marginTop: 4, paddingLeft: 12 }}>
          <Typography.Text type="secondary">{schema?.properties?.[k]?.title ?? k}</Typography.Text>
          {renderValue(v, schema?.properties?.[k], depth + 1)}
        </div>
      ))}
    </div>
  );
}

function renderValue(value: Value, schema: JsonContentSchema | undefined, depth: number): ReactNode {
  if (Array.isArray(value)) {
    if (value.every(isPlain)) return <div>{value.map((v, i) => <Tag key={i}>{String(v)}</Tag>)}</div>;
    return (
      <ol style={{ margin: '4px 0', paddingLeft: 20 }}>
        {value.map((v, i) => (
          <li key={i} style={{ marginBottom: 6, borderBottom: depth === 0 ? '1px dashed #f0f0f0' : undefined }}>
            {renderValue(v, schema?.items, depth + 1)}
          </li>
        ))}
      </ol>
    );
  }
  if (value && typeof value === 'object') return renderObject(value as Record<string, Value>, schema, depth);
  return <span>{value === undefined || value === null ? '' : String(value)}</span>;
}

export function JsonPreview({ value, content }: { value?: Value; content?: JsonContentSchema }) {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = value.trim() ? JSON.parse(value) : undefined;
    } catch {
      return <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{value}</Typography.Paragraph>;
    }
  }
  if (parsed === undefined || parsed === null || (Array.isArray(parsed) && parsed.length === 0)) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无内容" style={{ margin: 0 }} />;
  }
  return <div>{renderValue(parsed, content, 0)}</div>;
}
