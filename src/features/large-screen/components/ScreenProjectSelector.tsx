// §2.5 project selector of the project-level header: the user's projects, switched through the session's
// project switch (§4); one project shows as text.
import { useEffect, useMemo, useRef, useState } from 'react';
import { App, Select } from 'antd';
import useSWR from 'swr';
import type { ProjectListItem } from '../../../../common/wire';
import { failureText, shownByClient } from '../../../lib/http/errors';
import { switchProject } from '../../../lib/session/actions';
import { fetchProjectList } from '../../../lib/session/api';
import { useSession } from '../../../lib/session/store';
import type { StoredProject } from '../../../lib/storage';

const toStored = (p: ProjectListItem): StoredProject => ({
  id: String(p.projectPosInfo.id),
  no: p.projectPosInfo.projectNo ?? '',
  name: p.projectPosInfo.projectName,
});

export function ScreenProjectSelector() {
  const info = useSession((s) => s.userInfo);
  const project = useSession((s) => s.project);
  const company = useSession((s) => s.company);
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const { data } = useSWR(info ? ['large-screen/projects', info.UserID, company?.path.join(',')] : null, () =>
    fetchProjectList(info?.UserID ?? ''),
  );
  const projects = useMemo(() => (data ?? []).filter((p) => p.projectPosInfo).map(toStored), [data]);

  const choose = async (p: StoredProject) => {
    setBusy(true);
    try {
      await switchProject(p);
    } catch (e) {
      if (!shownByClient(e)) void message.error(failureText(e, '切换项目失败'));
    } finally {
      setBusy(false);
    }
  };

  // Like the back-office selector: with none (or one out of scope) stored, the first project is chosen.
  const defaulted = useRef<unknown>(null);
  useEffect(() => {
    if (!projects.length || defaulted.current === data) return;
    if (project && projects.some((p) => p.id === project.id)) return;
    defaulted.current = data;
    void choose(projects[0]);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [projects, project, data]);

  if (!data) return null;
  if (projects.length === 0) return <span className="ls-project-text">暂无项目</span>;
  if (projects.length === 1) return <span className="ls-project-text">{projects[0].name}</span>;
  return (
    <Select
      className="ls-project-select"
      aria-label="切换项目"
      placeholder="请选择项目"
      value={project?.id}
      loading={busy}
      disabled={busy}
      showSearch
      optionFilterProp="label"
      size="small"
      popupMatchSelectWidth={false}
      options={projects.map((p) => ({ value: p.id, label: p.name }))}
      onChange={(id: string) => {
        const p = projects.find((x) => x.id === id);
        if (p) void choose(p);
      }}
    />
  );
}
