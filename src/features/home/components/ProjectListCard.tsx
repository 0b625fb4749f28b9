import { Card, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { MESSAGES } from '../../../../common/constants';
import type { ProjectListItem } from '../../../../common/wire';
import { STATUS_COLORS } from './projectStatus';

type Props = {
  projects: ProjectListItem[];
  statusLabels: Map<string, string>;
  loading: boolean;
  errorText: string | null;
  /** pjctid1 of §2.2: the project the link points at, listed first and highlighted. */
  focusProjectId?: string;
};

export function ProjectListCard({ projects, statusLabels, loading, errorText, focusProjectId }: Props) {
  const rows = focusProjectId
    ? [...projects].sort((a, b) => Number(b.projectPosInfo.id === focusProjectId) - Number(a.projectPosInfo.id === focusProjectId))
    : projects;

  const columns: TableColumnsType<ProjectListItem> = [
    {
      title: '项目名称',
      key: 'name',
      ellipsis: true,
      render: (_v, p) => (
        <>
          {p.projectPosInfo.projectName}
          {p.projectPosInfo.id === focusProjectId && (
            <Tag color="gold" style={{ marginLeft: 8 }}>
              当前项目
            </Tag>
          )}
        </>
      ),
    },
    { title: '项目编号', key: 'no', width: 160, render: (_v, p) => p.projectPosInfo.projectNo || '—' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      align: 'center',
      render: (s: number) => {
        const key = String(s);
        return <Tag color={STATUS_COLORS[key] ?? 'default'}>{statusLabels.get(key) ?? '未知'}</Tag>;
      },
    },
    { title: '地址', dataIndex: 'address', ellipsis: true, render: (a: string) => a || '—' },
  ];

  return (
    <Card variant="borderless" title="项目列表" extra={<Typography.Text type="secondary">共 {projects.length} 个项目</Typography.Text>}>
      {errorText ? (
        <Typography.Text type="danger">{errorText}</Typography.Text>
      ) : (
        <Table<ProjectListItem>
          rowKey={(p) => p.projectPosInfo.id}
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={{ spinning: loading, tip: MESSAGES.loading }}
          locale={{ emptyText: loading ? MESSAGES.loading : '暂无项目' }}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showTotal: (n) => `共 ${n} 条`, showSizeChanger: false }}
        />
      )}
    </Card>
  );
}
