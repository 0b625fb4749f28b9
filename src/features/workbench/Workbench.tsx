// /indexHomes (§2.2 working form): the 工作台 (docs/workbench.md). My pending tasks across every workflow,
// as the server computes them in my scope and rights (GET /api/Workbench/GetMyTasks), grouped by business
// with counts, the newest first; each row opens the record's own page with the record listed. Beside
// them the recent notices and the quick links of my menu.
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { Badge, Button, Card, Col, Empty, Row, Skeleton, Space, Tag, Typography } from 'antd';
import AppstoreOutlined from '@ant-design/icons/es/icons/AppstoreOutlined';
import ReloadOutlined from '@ant-design/icons/es/icons/ReloadOutlined';
import type { PendingTaskGroup } from '../../../common/workbench';
import { failureText } from '../../lib/http/errors';
import { useSession } from '../../lib/session/store';
import { chinaTime } from '../../lib/time/china-time';
import { useMyTasks, useRecentNotices } from './api/workbench-api';
import { quickLinks } from './quick-links';
import './workbench.css';

const NOTICES_PATH = '/MessageNotification/MessageNotifications';

function TaskGroup({ group }: { group: PendingTaskGroup }) {
  return (
    <section className="wb-group" aria-label={`${group.title}待办`}>
      <div className="wb-group-head">
        <Space size={8} wrap>
          <Typography.Text strong>{group.title}</Typography.Text>
          <Badge count={group.count} overflowCount={999} color="#fa541c" />
          {group.states.map((s) => (
            <Tag key={s.value} title={`可执行：${s.actions.join('、')}`}>
              {s.label} {s.count}
            </Tag>
          ))}
        </Space>
        <Link to={group.path}>查看全部</Link>
      </div>
      <ul className="wb-rows">
        {group.rows.map((r) => (
          <li key={r.id}>
            <Tag color="blue" className="wb-state">
              {r.stateLabel}
            </Tag>
            <Link to={r.link} className="wb-row-link" title={r.summary}>
              {r.summary}
            </Link>
            <span className="wb-time">{r.time}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Workbench() {
  const user = useSession((s) => s.userInfo);
  const menu = useSession((s) => s.menu);
  const tasks = useMyTasks();
  const notices = useRecentNotices();
  const links = useMemo(() => quickLinks(menu, !!user?.IsSystemAdmin), [menu, user?.IsSystemAdmin]);
  const today = chinaTime().format('YYYY年M月D日');
  const data = tasks.data;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} className="workbench">
      <Card variant="borderless">
        <div className="wb-header">
          <div>
            <Typography.Title level={4} style={{ margin: 0 }}>
              工作台
            </Typography.Title>
            <Typography.Text type="secondary">
              {[user?.RealName || user?.UserName, user?.CompanyName].filter(Boolean).join(' · ')} · {today}
            </Typography.Text>
          </div>
          <Space size={24}>
            <div className="wb-figure">
              <div className="wb-figure-value">{data ? data.total : '—'}</div>
              <div className="wb-figure-label">我的待办</div>
            </div>
            <div className="wb-figure">
              <div className="wb-figure-value">{data ? data.groups.length : '—'}</div>
              <div className="wb-figure-label">涉及业务</div>
            </div>
          </Space>
        </div>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card
            title="我的待办"
            extra={
              <Button size="small" icon={<ReloadOutlined />} onClick={() => void tasks.mutate()} loading={tasks.isValidating}>
                刷新
              </Button>
            }
          >
            {tasks.isLoading ? (
              <Skeleton active paragraph={{ rows: 6 }} />
            ) : tasks.error ? (
              <Typography.Text type="danger">{failureText(tasks.error, '待办加载失败')}</Typography.Text>
            ) : !data || data.groups.length === 0 ? (
              <Empty description="暂无待办，所有流程都已处理" />
            ) : (
              data.groups.map((g) => <TaskGroup key={g.entity} group={g} />)
            )}
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <Card title="快捷入口">
              <div className="wb-links">
                {links.map((l) => (
                  <Link key={l.path} to={l.path} className="wb-link">
                    <AppstoreOutlined />
                    <span>{l.title}</span>
                  </Link>
                ))}
              </div>
            </Card>
            <Card title="最近通知" extra={<Link to={NOTICES_PATH}>更多</Link>}>
              {notices.isLoading ? (
                <Skeleton active paragraph={{ rows: 4 }} />
              ) : notices.error ? (
                <Typography.Text type="danger">{failureText(notices.error, '通知加载失败')}</Typography.Text>
              ) : (notices.data ?? []).length === 0 ? (
                <Empty description="暂无通知" image={Empty.PRESENTED_IMAGE_SIMPLE} />
              ) : (
                <ul className="wb-notices">
                  {(notices.data ?? []).map((n) => (
                    <li key={n.id}>
                      {n.isRead === 0 && <Badge status="error" />}
                      <Link to={NOTICES_PATH} className="wb-row-link" title={n.title}>
                        {n.title}
                      </Link>
                      <span className="wb-time">{n.publishTime.slice(0, 10)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </Space>
        </Col>
      </Row>
    </Space>
  );
}
