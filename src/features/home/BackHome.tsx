// /backHome (§2.2): the back-office home. Every figure is read from the API (§7.3, §7.4); nothing is invented.
// Accepts the optional query sortId, enterpid1 and pjctid1; pjctid1 highlights that project in the list.
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Card, Col, Row, Space, Typography } from 'antd';
import BellOutlined from '@ant-design/icons/es/icons/BellOutlined';
import BuildOutlined from '@ant-design/icons/es/icons/BuildOutlined';
import CheckCircleOutlined from '@ant-design/icons/es/icons/CheckCircleOutlined';
import ProjectOutlined from '@ant-design/icons/es/icons/ProjectOutlined';
import { useSession } from '../../lib/session/store';
import { chinaTime } from '../../lib/time/china-time';
import { useProjectList } from './api/getProjectList';
import { useDictionary } from './api/getDictionary';
import { useUnreadNotices } from './api/getSysNoticeList';
import { failureText } from '../../lib/http/errors';
import { StatCard } from './components/StatCard';
import { ProjectStatusCard } from './components/ProjectStatusCard';
import { RecentNoticesCard } from './components/RecentNoticesCard';
import { ProjectListCard } from './components/ProjectListCard';

const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];
const STATUS_UNDER_CONSTRUCTION = '3';
const STATUS_COMPLETED = '4';

function greeting(hour: number): string {
  if (hour < 6) return '凌晨好';
  if (hour < 9) return '早上好';
  if (hour < 12) return '上午好';
  if (hour < 14) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

export function BackHome() {
  const [search] = useSearchParams();
  const focusProjectId = search.get('pjctid1') ?? undefined;
  const user = useSession((s) => s.userInfo);
  // China time whatever the PC's zone, like the clock and the data.
  const [now] = useState(() => chinaTime());

  const projects = useProjectList(user?.UserID);
  const statusDict = useDictionary('projectStatus');
  const unread = useUnreadNotices();

  const statusLabels = useMemo(() => new Map((statusDict.data ?? []).map((o) => [o.xuHao, o.selContent])), [statusDict.data]);
  const counts = useMemo(() => {
    const m = new Map<string, number>();
    for (const p of projects.data ?? []) m.set(String(p.status), (m.get(String(p.status)) ?? 0) + 1);
    return m;
  }, [projects.data]);

  const projectList = projects.data ?? [];
  const projectsKnown = projects.data !== undefined;
  const projectsLoading = projects.isLoading;
  const projectError = projects.error ? failureText(projects.error, '项目数据加载失败') : null;
  const statusTitle = (code: string) => (statusLabels.has(code) ? `${statusLabels.get(code)}项目` : '—');

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card variant="borderless">
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 12 }}>
          <div>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {greeting(now.hour())}，{user?.RealName || user?.UserName || ''}
            </Typography.Title>
            <Typography.Text type="secondary">
              {[user?.CompanyName, user?.DepartmentName].filter(Boolean).join(' · ') || '欢迎使用项目平台'}
            </Typography.Text>
          </div>
          <div style={{ textAlign: 'right' }}>
            <Typography.Text style={{ fontSize: 16 }}>{now.format('YYYY年M月D日')}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{WEEKDAYS[now.day()]}</Typography.Text>
          </div>
        </div>
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} xl={6}>
          <StatCard
            title="项目总数"
            value={projectsKnown ? projectList.length : undefined}
            suffix="个"
            icon={<ProjectOutlined />}
            color="#1664e0"
            loading={projectsLoading}
          />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <StatCard
            title={statusTitle(STATUS_UNDER_CONSTRUCTION)}
            value={projectsKnown && statusDict.data ? (counts.get(STATUS_UNDER_CONSTRUCTION) ?? 0) : undefined}
            suffix="个"
            icon={<BuildOutlined />}
            color="#13c2c2"
            loading={projectsLoading || statusDict.isLoading}
          />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <StatCard
            title={statusTitle(STATUS_COMPLETED)}
            value={projectsKnown && statusDict.data ? (counts.get(STATUS_COMPLETED) ?? 0) : undefined}
            suffix="个"
            icon={<CheckCircleOutlined />}
            color="#52c41a"
            loading={projectsLoading || statusDict.isLoading}
          />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <StatCard
            title="未读通知"
            value={unread.data ? unread.data.list.length : undefined}
            suffix="条"
            icon={<BellOutlined />}
            color="#fa541c"
            loading={unread.isLoading}
          />
        </Col>
      </Row>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <ProjectStatusCard
            options={statusDict.data ?? []}
            counts={counts}
            total={projectList.length}
            loading={projectsLoading || statusDict.isLoading}
          />
        </Col>
        <Col xs={24} lg={14}>
          <RecentNoticesCard />
        </Col>
      </Row>

      <ProjectListCard
        projects={projectList}
        statusLabels={statusLabels}
        loading={projectsLoading}
        errorText={projectError}
        focusProjectId={focusProjectId}
      />
    </Space>
  );
}
