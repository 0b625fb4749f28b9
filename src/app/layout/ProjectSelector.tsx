// §2.6 project dropdown (function type 1): several projects → a select defaulting to the first, one
// project → its name as plain text.
import { ProjectChoiceSelect } from '../../lib/session/ProjectChoiceSelect';

const SELECT_STYLE = { width: 200 };

export function ProjectSelector() {
  return <ProjectChoiceSelect textClassName="header-project" emptyClassName="header-project header-muted" selectClassName="header-project-select" style={SELECT_STYLE} />;
}
