// /largeProjectseen (§2.2): the large project screen (docs/workbench.md "/largeProjectseen"). With a
// project named (?pjctid1=) or only one project in scope it opens that project's large screen at once
// (§2.4 /LargeScreen/ProjectScreen/projectOverview?sortId=21&pjctid1=…); with several it shows a wall of
// the projects in scope, each opening its screen. Projects from WhereProjectList, scoped by the session.
import useSWR from 'swr';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { HEADER_LIST_SIZE } from '../../../common/constants';
import type { DictOption, ProjectListItem } from '../../../common/wire';
import { failureText } from '../../lib/http/errors';
import { http, unwrap } from '../../lib/http/client';
import { useSession } from '../../lib/session/store';
import './large-project-seen.css';

const PROJECT_LIST_URL = '/api/Project/WhereProjectList';
const DICTIONARY_URL = '/api/SysDictionary/GetListByType';

/** §2.4: the project overview screen of one project. */
export const projectScreenPath = (projectId: string): string =>
  `/LargeScreen/ProjectScreen/projectOverview?sortId=21&pjctid1=${encodeURIComponent(projectId)}`;

export function LargeProjectSeen() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const userId = useSession((s) => s.userInfo?.UserID);
  const named = search.get('pjctid1');
  const projects = useSWR(userId && !named ? [PROJECT_LIST_URL, userId] : null, () =>
    unwrap(http.get<ProjectListItem[]>(PROJECT_LIST_URL, { user_id: userId, index: 0, size: HEADER_LIST_SIZE })).then((d) => d ?? []),
  );
  const status = useSWR([DICTIONARY_URL, 'projectStatus'], () => unwrap(http.get<DictOption[]>(DICTIONARY_URL, { type: 'projectStatus' })).then((d) => d ?? []));
  if (named) return <Navigate to={projectScreenPath(named)} replace />;
  const list = projects.data ?? [];
  if (list.length === 1) return <Navigate to={projectScreenPath(list[0].projectPosInfo.id)} replace />;
  const label = (code: number) => status.data?.find((o) => o.xuHao === String(code))?.selContent ?? '';

  return (
    <div className="lps-wall">
      <header className="lps-header">
        <button type="button" className="lps-back" onClick={() => navigate('/indexHomes')}>
          返回工作台
        </button>
        <h1>项目大屏</h1>
        <span className="lps-count">{projects.data ? `共 ${list.length} 个项目` : ''}</span>
      </header>
      {projects.isLoading ? (
        <p className="lps-note">加载中请稍后</p>
      ) : projects.error ? (
        <p className="lps-note">{failureText(projects.error, '项目加载失败')}</p>
      ) : list.length === 0 ? (
        <p className="lps-note">当前账号没有可查看的项目</p>
      ) : (
        <main className="lps-grid">
          {list.map((p) => (
            <button key={p.projectPosInfo.id} type="button" className="lps-card" onClick={() => navigate(projectScreenPath(p.projectPosInfo.id))}>
              <span className="lps-name">{p.projectPosInfo.projectName}</span>
              <span className="lps-meta">
                {label(p.status) && <span className="lps-status">{label(p.status)}</span>}
                <span>{p.projectPosInfo.projectNo}</span>
              </span>
              <span className="lps-address">{p.address || '—'}</span>
              <span className="lps-open">进入项目大屏 ›</span>
            </button>
          ))}
        </main>
      )}
    </div>
  );
}
