// The summary of a batch (docs/metadata.md "Batch actions" and a workflow's multi-status): 成功 N 条，
// 失败 M 条, then each failed row with its reason, as the server answered them (BatchResult of common/metadata.ts).
import { Alert, List, Typography } from 'antd';
import type { BatchResult as BatchAnswer } from '../../../common/metadata';

type Props = BatchAnswer & {
  /** How a row is named in the list (e.g. the worker's name); default 第N条 / 编号 id. */
  nameOf?: (result: BatchAnswer['results'][number], index: number) => string;
};

export const batchSummary = ({ succeeded, failed }: Pick<BatchAnswer, 'succeeded' | 'failed'>): string => `成功 ${succeeded} 条，失败 ${failed} 条`;

/** A row's default name: 编号 <id>, or 第N条 for a row of a batch create. */
export const batchRowName = (r: BatchAnswer['results'][number], i: number): string => (r.id !== undefined ? `编号 ${r.id}` : `第${(r.row ?? i) + 1}条`);

export function BatchResult({ results, succeeded, failed, nameOf = batchRowName }: Props) {
  const failures = results.map((r, i) => ({ r, i })).filter(({ r }) => !r.ok);
  return (
    <div data-testid="batch-result">
      <Alert type={failed === 0 ? 'success' : succeeded === 0 ? 'error' : 'warning'} showIcon message={batchSummary({ succeeded, failed })} />
      {failures.length > 0 && (
        <List
          size="small"
          style={{ marginTop: 12, maxHeight: 320, overflowY: 'auto' }}
          dataSource={failures}
          renderItem={({ r, i }) => (
            <List.Item>
              <Typography.Text strong>{nameOf(r, i)}</Typography.Text>
              <Typography.Text type="danger" style={{ marginInlineStart: 12 }}>
                {r.message}
              </Typography.Text>
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
