// §2.6 project dropdown (function type 1): several projects → a select defaulting to the first, one
// project → its name as plain text. The choice itself is useProjectChoice (shared with the large screen).
import { Select } from 'antd';
import { useProjectChoice } from '../../lib/session/use-project-choice';

export function ProjectSelector() {
  const { loaded, projects, current, busy, choose } = useProjectChoice();
  if (!loaded) return null;
  if (projects.length === 0) return <span className="header-project header-muted">暂无项目</span>;
  if (projects.length === 1) return <span className="header-project">{projects[0].name}</span>;
  return (
    <Select
      className="header-project-select"
      aria-label="切换项目"
      placeholder="请选择项目"
      value={current?.id}
      loading={busy}
      disabled={busy}
      showSearch
      optionFilterProp="label"
      style={{ width: 200 }}
      popupMatchSelectWidth={false}
      options={projects.map((p) => ({ value: p.id, label: p.name }))}
      onChange={(id: string) => choose(id)}
    />
  );
}
