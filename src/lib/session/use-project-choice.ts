// The user's projects and the current one (§2.6 back-office dropdown, §2.5 large-screen selector): loaded
// once per user and company, the first chosen when none (or one out of scope) is stored, switched
// through the session's project switch (§4). The two selectors differ only in their markup.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import useSWR from 'swr';
import type { ProjectListItem } from '../../../common/wire';
import { failureText, shownByClient } from '../http/errors';
import type { StoredProject } from '../storage';
import { switchProject } from './actions';
import { fetchProjectList } from './api';
import { useSession } from './store';
import { useMessage } from '../ui/message';

const toStored = (p: ProjectListItem): StoredProject => ({
  id: String(p.projectPosInfo.id),
  no: p.projectPosInfo.projectNo ?? '',
  name: p.projectPosInfo.projectName,
});

export type ProjectChoice = {
  /** False until the list has answered. */
  loaded: boolean;
  projects: StoredProject[];
  current: StoredProject | null;
  busy: boolean;
  choose(id: string): void;
};

/**
 * The user's projects of the current company (one request per user and company, shared by every reader);
 * none asked for while `enabled` is false.
 */
export function useProjectList(enabled = true): { data: ProjectListItem[] | undefined; loaded: boolean; projects: StoredProject[] } {
  const info = useSession((s) => s.userInfo);
  const company = useSession((s) => s.company);
  const { data } = useSWR(info && enabled ? ['session/projects', info.UserID, company?.path.join(',')] : null, () =>
    fetchProjectList(info?.UserID ?? ''),
  );
  const projects = useMemo(() => (data ?? []).filter((p) => p.projectPosInfo).map(toStored), [data]);
  return { data, loaded: data !== undefined, projects };
}

export function useProjectChoice(): ProjectChoice {
  const current = useSession((s) => s.project);
  const message = useMessage();
  const [busy, setBusy] = useState(false);
  const { data, projects } = useProjectList();

  const switchTo = useCallback(
    async (p: StoredProject) => {
      setBusy(true);
      try {
        await switchProject(p);
      } catch (e) {
        if (!shownByClient(e)) void message.error(failureText(e, '切换项目失败'));
      } finally {
        setBusy(false);
      }
    },
    [message],
  );

  // Default to the first project when none (or one out of scope) is stored; once per list.
  const defaulted = useRef<unknown>(null);
  useEffect(() => {
    if (!projects.length || defaulted.current === data) return;
    if (current && projects.some((p) => p.id === current.id)) return;
    defaulted.current = data;
    void switchTo(projects[0]);
  }, [projects, current, data, switchTo]);

  const choose = useCallback(
    (id: string) => {
      const p = projects.find((x) => x.id === id);
      if (p) void switchTo(p);
    },
    [projects, switchTo],
  );
  return { loaded: data !== undefined, projects, current, busy, choose };
}
