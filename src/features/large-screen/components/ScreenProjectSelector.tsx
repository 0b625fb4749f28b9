// §2.5 project selector of the project-level header: the user's projects, switched through the session's
// project switch (§4); one project shows as text. On an address naming its project (pjctid1) that project
// is shown — it is the one every panel shows (issue 29) — and a choice also replaces it in the address.
import { useLocation, useNavigate } from 'react-router-dom';
import { ProjectChoiceSelect } from '../../../lib/session/ProjectChoiceSelect';

/** The address with `pjctid1` set to `projectId` (the rest of the query kept). */
export function withProject(pathname: string, search: string, projectId: string): string {
  const query = new URLSearchParams(search);
  query.set('pjctid1', projectId);
  return `${pathname}?${query.toString()}`;
}

export function ScreenProjectSelector({ addressed }: { addressed: string | undefined }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  return (
    <ProjectChoiceSelect
      textClassName="ls-project-text"
      selectClassName="ls-project-select"
      size="small"
      currentId={addressed}
      onChosen={addressed === undefined ? undefined : (id) => navigate(withProject(pathname, search, id))}
    />
  );
}
