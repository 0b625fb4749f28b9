// 项目信息: the project's name, units, manager, address and its time on the planned duration (已施工 N 天 /
// 计划工期 M 天 with a bar).
import type { ProjectProfile } from '../../../../../../common/screens/project-overview';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';

const text = (v: string | null | undefined): string => (v ? v : '--');

export function ProfilePanel({ project, frame }: { project: ProjectProfile | null | undefined; frame: SourceFrame }) {
  const progress = project?.timeProgress ?? null;
  return (
    <Panel title="项目信息" {...frame} empty={project === null} extra={project && <span className={`po-status is-${project.state}`}>{project.statusName}</span>}>
      {project && (
        <div className="po-profile">
          <div className="po-name" title={project.name}>
            {project.name}
          </div>
          <dl className="po-facts">
            <dt>项目编号</dt>
            <dd>{text(project.no)}</dd>
            <dt>建设单位</dt>
            <dd title={project.builderUnit}>{text(project.builderUnit)}</dd>
            <dt>施工单位</dt>
            <dd title={project.contractorUnit}>{text(project.contractorUnit)}</dd>
            <dt>监理单位</dt>
            <dd title={project.supervisorUnit}>{text(project.supervisorUnit)}</dd>
            <dt>项目经理</dt>
            <dd>{text(project.managerName)}</dd>
            <dt>项目地址</dt>
            <dd title={project.address}>{text([project.areaName, project.address].filter(Boolean).join(' '))}</dd>
            <dt>计划工期</dt>
            <dd className="ls-digits">
              {text(project.startDate)} 至 {text(project.endDate)}
            </dd>
          </dl>
          <div className="po-duration" aria-label="工期进度">
            <span>
              已施工 <b className="ls-digits">{project.daysElapsed}</b> 天{project.daysTotal !== null && <> / 计划 <b className="ls-digits">{project.daysTotal}</b> 天</>}
            </span>
            <div className="po-bar" role="progressbar" aria-label="工期进度" aria-valuenow={progress ?? 0} aria-valuemin={0} aria-valuemax={100}>
              <i style={{ width: `${progress ?? 0}%` }} />
            </div>
            <span className="ls-digits">{progress === null ? '--' : `${progress}%`}</span>
          </div>
        </div>
      )}
    </Panel>
  );
}
