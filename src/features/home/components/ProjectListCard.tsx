// The home page's project list: a plain table styled like the console's tables, not antd's Table (its
// filters, sorters and virtual body bring ~50 KB gzipped the first back-office page does not use; issue 11
// delivery: the first back-office page ≤ 400 KB). Ten rows a page, a pager when there is more than one.
import { useState } from 'react';
import { Button, Card, Spin, Tag, Typography } from 'antd';
import { MESSAGES } from '../../../../common/constants';
import type { ProjectListItem } from '../../../../common/wire';
import { STATUS_COLORS } from './projectStatus';
import './project-list.css';

type Props = {
  projects: ProjectListItem[];
  statusLabels: Map<string, string>;
  loading: boolean;
  errorText: string | null;
  /** pjctid1 of §2.2: the project the link points at, listed first and highlighted. */
  focusProjectId?: string;
};

const PAGE_SIZE = 10;

export function ProjectListCard({ projects, statusLabels, loading, errorText, focusProjectId }: Props) {
  const [page, setPage] = useState(1);
  const rows = focusProjectId
    ? [...projects].sort((a, b) => Number(b.projectPosInfo.id === focusProjectId) - Number(a.projectPosInfo.id === focusProjectId))
    : projects;
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = rows.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);

  return (
    <Card variant="borderless" title="项目列表" extra={<Typography.Text type="secondary">共 {projects.length} 个项目</Typography.Text>}>
      {errorText ? (
        <Typography.Text type="danger">{errorText}</Typography.Text>
      ) : (
        <Spin spinning={loading} tip={MESSAGES.loading}>
          <table className="home-project-table">
            <thead>
              <tr>
                <th>项目名称</th>
                <th style={{ width: 160 }}>项目编号</th>
                <th style={{ width: 90, textAlign: 'center' }}>状态</th>
                <th>地址</th>
              </tr>
            </thead>
            <tbody>
              {shown.length === 0 ? (
                <tr>
                  <td colSpan={4} className="home-project-empty">
                    {loading ? MESSAGES.loading : '暂无项目'}
                  </td>
                </tr>
              ) : (
                shown.map((p) => {
                  const key = String(p.status);
                  return (
                    <tr key={p.projectPosInfo.id}>
                      <td className="home-project-ellipsis" title={p.projectPosInfo.projectName}>
                        {p.projectPosInfo.projectName}
                        {p.projectPosInfo.id === focusProjectId && (
                          <Tag color="gold" style={{ marginLeft: 8 }}>
                            当前项目
                          </Tag>
                        )}
                      </td>
                      <td>{p.projectPosInfo.projectNo || '—'}</td>
                      <td style={{ textAlign: 'center' }}>
                        <Tag color={STATUS_COLORS[key] ?? 'default'}>{statusLabels.get(key) ?? '未知'}</Tag>
                      </td>
                      <td className="home-project-ellipsis" title={p.address || undefined}>
                        {p.address || '—'}
                      </td>
                    </tr>
                  );
                })
              )}
            </tbody>
          </table>
          {pages > 1 && (
            <nav className="home-project-pager" aria-label="分页">
              <span>共 {rows.length} 条</span>
              <Button size="small" disabled={current <= 1} onClick={() => setPage(current - 1)}>
                上一页
              </Button>
              <span>
                {current} / {pages}
              </span>
              <Button size="small" disabled={current >= pages} onClick={() => setPage(current + 1)}>
                下一页
              </Button>
            </nav>
          )}
        </Spin>
      )}
    </Card>
  );
}
