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
  /**
   * The project to show instead of the session's: a large screen's pjctid1, which wins on its screen
   * (issue 29). One that is not among the user's projects shows no project (a placeholder), never another.
   */
  currentId?: string;
  /** After a choice (the session's project switch is under way): a large screen puts it in its address. */
  onChosen?: (id: string) => void;
};

/** Text of a one-project user on an address naming another project. */
export const NOT_OWN_PROJECT = '不在您的项目中';

export function ProjectChoiceSelect({ textClassName, emptyClassName, selectClassName, size, style, currentId, onChosen }: ProjectChoiceSelectProps) {
  const { loaded, projects, current, busy, choose } = useProjectChoice();
  if (!loaded) return null;
  if (projects.length === 0) return <span className={emptyClassName ?? textClassName}>暂无项目</span>;
  const shown = currentId === undefined ? current : (projects.find((p) => p.id === currentId) ?? null);
  if (projects.length === 1) return <span className={textClassName}>{currentId === undefined || shown ? projects[0].name : NOT_OWN_PROJECT}</span>;
  return (
    <Select
      className={selectClassName}
      aria-label="切换项目"
      placeholder="请选择项目"
      value={shown?.id ?? null}
      loading={busy}
      disabled={busy}
      showSearch
      optionFilterProp="label"
      size={size}
      style={style}
      popupMatchSelectWidth={false}
      options={projects.map((p) => ({ value: p.id, label: p.name }))}
      onChange={(id: string) => {
        choose(id);
        onChosen?.(id);
      }}
    />
  );
}
