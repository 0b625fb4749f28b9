// Batch buttons of a generated list (PageSchema list.batchActions, docs/metadata.md "Batch actions"):
// shown with the single action's button permission (delete, edit), enabled once rows are selected; a
// confirm naming the count (batch update: a dialog with the entity's batch update fields), then the
// server's answer per row in BatchResult (成功 N 条，失败 M 条 and each failure's reason).
import { useState } from 'react';
import { App, Button, Form, Modal, Space, Typography } from 'antd';
import { BATCH_ENDPOINTS, type BatchAction, type BatchResult as BatchAnswer, type EntitySchema, type PageSchema } from '../../../common/metadata';
import { BatchResult, batchSummary } from '../components/BatchResult';
import { CellEditor } from '../components/ChildTable';
import type { DataProvider, Row } from '../data/data-provider';
import { failureMessage } from './notify-failure';
import type { PageAction } from './permissions';
import { useMessage } from '../../lib/ui/message';

type Props = {
  page: PageSchema;
  entity: EntitySchema;
  provider: DataProvider;
  can: (a: PageAction) => boolean;
  selected: readonly Row[];
  idField: string;
  /** How a selected row is named in the result (its first list column). */
  nameOf: (row: Row) => string;
  onDone: () => void;
};

const BUTTON: Record<BatchAction['action'], PageAction> = { delete: 'delete', update: 'edit' };
const DEFAULT_LABEL: Record<BatchAction['action'], string> = { delete: '批量删除', update: '批量修改' };

export function BatchBar({ page, entity, provider, can, selected, idField, nameOf, onDone }: Props) {
  const message = useMessage();
  const { modal } = App.useApp();
  // The answer with the names of the rows it was for (the selection is cleared once the list reloads).
  const [result, setResult] = useState<{ answer: BatchAnswer; names: ReadonlyMap<string, string> } | null>(null);
  const [updating, setUpdating] = useState<BatchAction | null>(null);
  const [values, setValues] = useState<Row>({});
  const [busy, setBusy] = useState(false);
  const actions = (page.list.batchActions ?? []).filter((b) => can(BUTTON[b.action]));
  if (actions.length === 0) return null;
  const ids = selected.map((r) => String(r[idField]));
  const names = new Map(selected.map((r) => [String(r[idField]), nameOf(r)]));
  const updateFields = (entity.batch?.update?.fields ?? []).map((n) => entity.fields.find((f) => f.name === n)).filter((f) => f !== undefined);

  const run = async (action: BatchAction, data: Row) => {
    setBusy(true);
    try {
      const answer = await provider.custom<BatchAnswer>({ method: 'POST', name: BATCH_ENDPOINTS[action.action], data });
      if (answer.failed === 0) void message.success(batchSummary(answer));
      setResult({ answer, names });
      onDone();
    } catch (e) {
      void message.error(failureMessage(`${action.label ?? DEFAULT_LABEL[action.action]}失败`, e));
    } finally {
      setBusy(false);
    }
  };

  const start = (action: BatchAction) => {
    if (action.action === 'update') {
      setValues({});
      setUpdating(action);
      return;
    }
    modal.confirm({
      title: '提示',
      content: `确定删除选中的 ${ids.length} 条数据吗？`,
      okText: '确定',
      cancelText: '取消',
      onOk: () => run(action, { ids }),
    });
  };

  return (
    <div className="engine-batch-bar">
      <Space wrap>
        {actions.map((a) => (
          <Button key={a.action} danger={a.action === 'delete'} disabled={ids.length === 0} loading={busy} onClick={() => start(a)}>
            {a.label ?? DEFAULT_LABEL[a.action]}
          </Button>
        ))}
        <Typography.Text type="secondary">{ids.length > 0 ? `已选 ${ids.length} 条` : '请勾选要批量处理的数据'}</Typography.Text>
      </Space>
      {updating && (
        <Modal
          open
          title={updating.label ?? DEFAULT_LABEL.update}
          okText="确定"
          cancelText="取消"
          confirmLoading={busy}
          onCancel={() => setUpdating(null)}
          onOk={async () => {
            const empty = updateFields.find((f) => values[f.name] === undefined || values[f.name] === null || values[f.name] === '');
            if (empty) return void message.error(`请${empty.type === 'date' || empty.dictionary ? '选择' : '输入'}${empty.title}`);
            await run(updating, { ids, values });
            setUpdating(null);
          }}
        >
          <Typography.Paragraph>{`将修改选中的 ${ids.length} 条数据`}</Typography.Paragraph>
          <Form layout="horizontal" labelCol={{ span: 6 }}>
            {updateFields.map((f) => (
              <Form.Item key={f.name} label={f.title} required>
                <CellEditor field={f} value={values[f.name]} onChange={(v) => setValues((x) => ({ ...x, [f.name]: v }))} />
              </Form.Item>
            ))}
          </Form>
        </Modal>
      )}
      {result && (
        <Modal open title="批量处理结果" footer={<Button onClick={() => setResult(null)}>关闭</Button>} onCancel={() => setResult(null)}>
          <BatchResult {...result.answer} nameOf={(r, i) => (r.id !== undefined ? (result.names.get(r.id) ?? `编号 ${r.id}`) : `第${(r.row ?? i) + 1}条`)} />
        </Modal>
      )}
    </div>
  );
}
