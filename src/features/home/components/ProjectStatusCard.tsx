import { Card, Empty, Progress, Space, Typography } from 'antd';
import type { DictOption } from '../../../../common/wire';
import { STATUS_BAR_COLORS } from './projectStatus';

type Props = { options: DictOption[]; counts: Map<string, number>; total: number; loading: boolean };

/** Projects by status (§3.5), one bar per dictionary option. */
export function ProjectStatusCard({ options, counts, total, loading }: Props) {
  return (
    <Card variant="borderless" title="项目状态分布" loading={loading} style={{ height: '100%' }}>
      {options.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
      ) : (
        <Space direction="vertical" size={14} style={{ width: '100%' }}>
          {options.map((o) => {
            const n = counts.get(o.xuHao) ?? 0;
            return (
              <div key={o.xuHao}>
                <div style={{ display: 'flex', justifyContent: 'space-between' }}>
                  <Typography.Text>{o.selContent}</Typography.Text>
                  <Typography.Text strong>{n} 个</Typography.Text>
                </div>
                <Progress
                  aria-label={`${o.selContent} ${n} 个`}
                  percent={total ? Math.round((n / total) * 100) : 0}
                  strokeColor={STATUS_BAR_COLORS[o.xuHao]}
                  showInfo={false}
                  size="small"
                />
              </div>
            );
          })}
        </Space>
      )}
    </Card>
  );
}
