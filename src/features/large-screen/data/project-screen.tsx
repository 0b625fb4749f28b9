// A screen body whose panels all follow the screen's project (§2.4 pjctid1): its board inside the screen's
// own data provider, so leaving the screen stops every request, timer and stream it started.
import type { ComponentType } from 'react';
import type { ScreenBodyProps } from '../screens';
import { ScreenDataProvider } from './ScreenDataProvider';

export type ProjectBoardProps = { projectId: string | undefined };

export function projectScreen(Board: ComponentType<ProjectBoardProps>, name: string): ComponentType<ScreenBodyProps> {
  function Screen({ query }: ScreenBodyProps) {
    return (
      <ScreenDataProvider>
        <Board projectId={query.pjctid1} />
      </ScreenDataProvider>
    );
  }
  Screen.displayName = name;
  return Screen;
}

