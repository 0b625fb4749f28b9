// 项目数据大屏 › 质量管理 (/ProjectScreen/quality), 安全管理 (/ProjectScreen/security) and 质量安全
// (/LargeScreen/ProjectScreen/qualitySafe), designed at 1920×1080 in em, over the project of pjctid1 (or every
// project in scope without it). Quality and safety: the category's checks by kind and method and its
// 整改闭环 on the left; key figures with the newest checks and (quality) the 30-day trend or (safety) the open
// hazards in the middle; the most frequent failing items or the safety trend, and the open notices on the
// right. 质量安全 sets both categories side by side. One request feeds every panel, refreshed by the server's
// SiteChecks stream.
import { projectScreen } from '../../../data/project-screen';
import { frameOf } from '../../../kit/frame';
import { OpenHazardsPanel } from '../../enterprise/qualitySafety/OpenHazardsPanel';
import { useSiteChecks } from './api';
import { CheckKpiStrip } from './CheckKpiStrip';
import { CheckMethodPanel } from './CheckMethodPanel';
import { ChecksByKindPanel } from './ChecksByKindPanel';
import { CheckTrendPanel } from './CheckTrendPanel';
import { LatestChecksPanel } from './LatestChecksPanel';
import { NoticeStatusPanel } from './NoticeStatusPanel';
import { OpenNoticesPanel } from './OpenNoticesPanel';
import { QualitySafeKpiStrip } from './QualitySafeKpiStrip';
import { TopFailedPanel } from './TopFailedPanel';
import '../../enterprise/qualitySafety/quality-safety.css';
import './site-checks.css';

type Category = 'quality' | 'safety';
const NAME: Record<Category, string> = { quality: '质量', safety: '安全' };

function CategoryBoard({ projectId, category }: { projectId: string | undefined; category: Category }) {
  const source = useSiteChecks(projectId);
  const data = source.data;
  const stats = data?.[category];
  const frame = frameOf(source);
  const name = NAME[category];
  return (
    <div className="ls-board sc-board" data-loaded={data ? 'true' : 'false'}>
      <div className="ls-column sc-left">
        <ChecksByKindPanel title={`${name}检查类型`} stats={stats} frame={frame} />
        <CheckMethodPanel stats={stats} frame={frame} />
        <NoticeStatusPanel title={`${name}整改闭环`} notices={stats?.notices} frame={frame} />
      </div>
      <div className="ls-column sc-centre">
        <CheckKpiStrip stats={stats} openHazards={category === 'safety' ? data?.hazards.open : undefined} />
        {category === 'safety' ? (
          <>
            <LatestChecksPanel title="最新安全检查" checks={stats?.checks} showProject={!projectId} frame={frame} />
            <OpenHazardsPanel hazards={data?.openHazards} open={data?.hazards.open} frame={frame} />
          </>
        ) : (
          <>
            <CheckTrendPanel title="近30天质量检查" stats={stats} frame={frame} />
            <LatestChecksPanel title="最新质量检查" checks={stats?.checks} showProject={!projectId} frame={frame} />
          </>
        )}
      </div>
      <div className="ls-column sc-right">
        {category === 'safety' ? (
          <CheckTrendPanel title="近30天安全检查" stats={stats} frame={frame} />
        ) : (
          <TopFailedPanel title="常见质量问题" stats={stats} frame={frame} />
        )}
        <OpenNoticesPanel title={`${name}整改通知`} notices={stats?.notices.list} open={stats?.notices.open} frame={frame} />
      </div>
    </div>
  );
}

function QualityBoard({ projectId }: { projectId: string | undefined }) {
  return <CategoryBoard projectId={projectId} category="quality" />;
}

function SecurityBoard({ projectId }: { projectId: string | undefined }) {
  return <CategoryBoard projectId={projectId} category="safety" />;
}

function QualitySafeBoard({ projectId }: { projectId: string | undefined }) {
  const source = useSiteChecks(projectId);
  const data = source.data;
  const frame = frameOf(source);
  const checks = data && [...data.quality.checks, ...data.safety.checks].sort((a, b) => b.checkDate.localeCompare(a.checkDate) || Number(b.id) - Number(a.id));
  return (
    <div className="ls-board sc-board" data-loaded={data ? 'true' : 'false'}>
      <div className="ls-column sc-left">
        <CheckTrendPanel title="近30天质量检查" stats={data?.quality} frame={frame} />
        <NoticeStatusPanel title="质量整改闭环" notices={data?.quality.notices} frame={frame} />
        <OpenNoticesPanel title="质量整改通知" notices={data?.quality.notices.list} open={data?.quality.notices.open} frame={frame} />
      </div>
      <div className="ls-column sc-centre">
        <QualitySafeKpiStrip data={data} />
        <LatestChecksPanel title="最新质量安全检查" checks={checks} showProject={!projectId} frame={frame} />
        <OpenHazardsPanel hazards={data?.openHazards} open={data?.hazards.open} frame={frame} />
      </div>
      <div className="ls-column sc-right is-three">
        <CheckTrendPanel title="近30天安全检查" stats={data?.safety} frame={frame} />
        <NoticeStatusPanel title="安全整改闭环" notices={data?.safety.notices} frame={frame} />
        <OpenNoticesPanel title="安全整改通知" notices={data?.safety.notices.list} open={data?.safety.notices.open} frame={frame} />
      </div>
    </div>
  );
}

export const QualityScreen = projectScreen(QualityBoard, 'QualityScreen');
export const SecurityScreen = projectScreen(SecurityBoard, 'SecurityScreen');
export const QualitySafeScreen = projectScreen(QualitySafeBoard, 'QualitySafeScreen');
