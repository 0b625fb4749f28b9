// The project choice of a header (§2.6 back office, §2.5 large screen): several projects → a searchable
// select of them, one project → its name as text, none → 暂无项目. The choice itself is useProjectChoice;
// each header passes its own classes and size.
import { Select, type SelectProps } from 'antd';
import { useProjectChoice } from './use-project-choice';

export type ProjectChoiceSelectProps = {
  textClassName: string;
  emptyClassName?: string;
  selectClassName: string;
  size?: SelectProps['size'];
  style?: SelectProps['style'];
};

export function ProjectChoiceSelect({ textClassName, emptyClassName, selectClassName, size, style }: ProjectChoiceSelectProps) {
  const { loaded, projects, current, busy, choose } = useProjectChoice();
  if (!loaded) return null;
  if (projects.length === 0) return <span className={emptyClassName ?? textClassName}>暂无项目</span>;
  if (projects.length === 1) return <span className={textClassName}>{projects[0].name}</span>;
  return (
    <Select
      className={selectClassName}
      aria-label="切换项目"
      placeholder="请选择项目"
      value={current?.id}
      loading={busy}
      disabled={busy}
      showSearch
      optionFilterProp="label"
      size={size}
      style={style}
      popupMatchSelectWidth={false}
      options={projects.map((p) => ({ value: p.id, label: p.name }))}
      onChange={(id: string) => choose(id)}
    />
  );
}
