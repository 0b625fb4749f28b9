// §2.5 project selector of the project-level header: the user's projects, switched through the session's
// project switch (§4); one project shows as text. The choice itself is useProjectChoice.
import { Select } from 'antd';
import { useProjectChoice } from '../../../lib/session/use-project-choice';

export function ScreenProjectSelector() {
  const { loaded, projects, current, busy, choose } = useProjectChoice();
  if (!loaded) return null;
  if (projects.length === 0) return <span className="ls-project-text">暂无项目</span>;
  if (projects.length === 1) return <span className="ls-project-text">{projects[0].name}</span>;
  return (
    <Select
      className="ls-project-select"
      aria-label="切换项目"
      placeholder="请选择项目"
      value={current?.id}
      loading={busy}
      disabled={busy}
      showSearch
      optionFilterProp="label"
      size="small"
      popupMatchSelectWidth={false}
      options={projects.map((p) => ({ value: p.id, label: p.name }))}
      onChange={(id: string) => choose(id)}
    />
  );
}
