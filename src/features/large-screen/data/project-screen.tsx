// A screen body whose panels all follow the screen's project (§2.4 pjctid1; on the project screen family,
// without pjctid1, the project chosen in the header's selector): its board inside the screen's own data
// provider, so leaving the screen stops every request, timer and stream it started.
import type { ComponentType } from 'react';
import { useSession } from '../../../lib/session/store';
import type { ScreenBodyProps } from '../screens';
import { ScreenDataProvider } from './ScreenDataProvider';

export type ProjectBoardProps = { projectId: string | undefined };

export function projectScreen(Board: ComponentType<ProjectBoardProps>, name: string): ComponentType<ScreenBodyProps> {
  function Screen({ path, query }: ScreenBodyProps) {
    const chosen = useSession((s) => s.project?.id);
    const projectId = query.pjctid1 ?? (isProjectFamily(path) ? chosen : undefined);
    return (
      <ScreenDataProvider>
        <Board projectId={projectId} />
      </ScreenDataProvider>
    );
  }
  Screen.displayName = name;
  return Screen;
}

/** A screen of the project family (§2.4 /LargeScreen/ProjectScreen/…, §2.5 /ProjectScreen/…). */
export const isProjectFamily = (path: string): boolean => /(^|\/)ProjectScreen\//.test(path);
