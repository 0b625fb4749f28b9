// The answer of a batch (multi-status and the other batch actions): 成功 N 条，失败 M 条, then each
// failed row with its reason. Takes the server's `{ results, succeeded, failed }` as it is.
import { Alert, List, Typography } from 'antd';

export type BatchResultData = { results: ReadonlyArray<{ id: string; ok: boolean; message: string }>; succeeded: number; failed: number };

type Props = BatchResultData & {
  /** How a failed row is named (e.g. its month and unit); default 编号 <id>. */
  labelOf?: (id: string) => string;
};

export const batchSummary = (r: Pick<BatchResultData, 'succeeded' | 'failed'>): string => `成功 ${r.succeeded} 条，失败 ${r.failed} 条`;

export function BatchResult({ results, succeeded, failed, labelOf = (id) => `编号 ${id}` }: Props) {
  const failures = results.filter((r) => !r.ok);
  return (
    <div className="batch-result">
      <Alert type={failed === 0 ? 'success' : succeeded === 0 ? 'error' : 'warning'} showIcon message={batchSummary({ succeeded, failed })} />
      {failures.length > 0 && (
        <List
          size="small"
          style={{ marginTop: 12 }}
          header={<Typography.Text strong>失败原因</Typography.Text>}
          dataSource={failures}
          renderItem={(r) => (
            <List.Item key={r.id} className="batch-result-failure">
              <Typography.Text>{labelOf(r.id)}</Typography.Text>
              <Typography.Text type="danger">{r.message}</Typography.Text>
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
