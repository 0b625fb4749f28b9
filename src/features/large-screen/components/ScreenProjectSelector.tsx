// §2.5 project selector of the project-level header: the user's projects, switched through the session's
// project switch (§4); one project shows as text.
import { ProjectChoiceSelect } from '../../../lib/session/ProjectChoiceSelect';

export function ScreenProjectSelector() {
  return <ProjectChoiceSelect textClassName="ls-project-text" selectClassName="ls-project-select" size="small" />;
}
