// The history of a row's workflow as an antd Timeline (detail dialog): who moved it, when, from which
// state to which, what they filled in and their comment; oldest first.
import { useEffect, useState } from 'react';
import { Empty, Spin, Tag, Timeline, Typography } from 'antd';
import type { EntitySchema, HistoryEntry } from '../../../common/metadata';
import type { DataProvider, Id } from '../data/data-provider';
import { resolveApi } from '../data/entity-api';
import { failureText } from '../../lib/http/errors';
import { StateTag } from './StateTag';
import { stateOf, workflowApi } from './workflow-model';
import { cellText, displayOf } from '../page/cell-display';
import { FileLinks } from '../components/FileUpload';
import { ImageThumbs } from '../components/ImageUpload';

const valueText = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

export function HistoryTimeline({ entity, provider, id }: { entity: EntitySchema; provider: DataProvider; id: Id }) {
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const workflow = entity.workflow;

  useEffect(() => {
    if (!workflow) return;
    let live = true;
    provider
      .custom<HistoryEntry[]>({ method: 'GET', name: workflowApi(workflow).history, params: { [resolveApi(entity).idParam]: String(id) } })
      .then((rows) => live && setEntries(rows ?? []))
      .catch((e: unknown) => live && setError(failureText(e, '加载流转记录失败')));
    return () => {
      live = false;
    };
  }, [workflow, entity, provider, id]);

  if (!workflow) return null;
  const titleOf = (name: string) => entity.fields.find((f) => f.name === name)?.title ?? name;
  // A filled field as its cell shows it: photos as thumbnails, files by name, dates, 是 / 否 (issue 29).
  const shownValue = (name: string, v: unknown) => {
    const field = entity.fields.find((f) => f.name === name);
    if (!field || field.dictionary) return valueText(v);
    if (field.type === 'image') return <ImageThumbs value={typeof v === 'string' ? v : null} title={field.title} />;
    if (field.type === 'file') return <FileLinks value={typeof v === 'string' ? v : null} />;
    return cellText(displayOf({}, field), v) || valueText(v);
  };
  return (
    <div className="workflow-history">
      <Typography.Title level={5}>流转记录</Typography.Title>
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
      {!error && entries === null && <Spin size="small" />}
      {entries?.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无流转记录" />}
      {entries && entries.length > 0 && (
        <Timeline
          items={entries.map((e) => ({
            key: e.id,
            color: stateOf(workflow, e.to)?.color ?? 'blue',
            children: (
              <div className="workflow-history-entry">
                <div>
                  <Typography.Text strong>{e.label}</Typography.Text>
                  <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                    {e.userName} · {e.time}
                  </Typography.Text>
                </div>
                <div>
                  <StateTag workflow={workflow} value={e.from} />→ <StateTag workflow={workflow} value={e.to} />
                </div>
                {Object.entries(e.fields).filter(([, v]) => valueText(v) !== '').map(([name, v]) => (
                  <div key={name}>
                    <Tag bordered={false}>{titleOf(name)}</Tag>
                    {shownValue(name, v)}
                  </div>
                ))}
                {e.comment && <div>备注：{e.comment}</div>}
              </div>
            ),
          }))}
        />
      )}
    </div>
  );
}
