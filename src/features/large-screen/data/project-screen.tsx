// A screen body whose panels all follow the screen's project (§2.4 pjctid1): its board inside the screen's
// own data provider, so leaving the screen stops every request, timer and stream it started.
import type { ComponentType } from 'react';
import { useSession } from '../../../lib/session/store';
import { frameOf, type SourceFrame } from '../kit/frame';
import type { ScreenBodyProps } from '../screen-body';
import type { SourceState } from './scheduler';
import { ScreenDataProvider } from './ScreenDataProvider';
import { companyOfQuery, useScreenCall, type ScreenCompany } from './screen-call';
import { useKeptData } from './use-kept-data';

/** `company`: §2.4 enterpid1 / poctent1 / governmentid1 of the address, for the boards that honour them. */
export type ProjectBoardProps = { projectId: string | undefined; company?: ScreenCompany };

export function projectScreen(Board: ComponentType<ProjectBoardProps>, name: string): ComponentType<ScreenBodyProps> {
  function Screen({ query }: ScreenBodyProps) {
    return (
      <ScreenDataProvider>
        <Board projectId={query.pjctid1} company={companyOfQuery(query)} />
      </ScreenDataProvider>
    );
  }
  Screen.displayName = name;
  return Screen;
}


/**
 * The one call of a board showing ONE project (项目概况, 人员管理, 平台预警): pjctid1's, else the header
 * selector's, else the server's first in scope. The selector picks its default after the screen's first
 * answer, so the same project is asked for again: meanwhile the answer on the wall stays (no 加载中 flash);
 * an answer of another project is never kept.
 */
export function useOneProjectCall<T extends { project: { id: string } | null }>(
  call: string,
  projectId: string | undefined,
): { source: SourceState<T>; data: T | undefined; frame: SourceFrame } {
  const chosen = useSession((s) => s.project?.id);
  const wanted = projectId ?? chosen ?? undefined;
  const source = useScreenCall<T>(call, wanted);
  const kept = useKeptData(source.data);
  const data = source.data ?? (kept && wanted !== undefined && kept.project?.id === wanted ? kept : undefined);
  const frame = frameOf(source);
  return { source, data, frame: data && !source.data ? { ...frame, loading: false } : frame };
}
