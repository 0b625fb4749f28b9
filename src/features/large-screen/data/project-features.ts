// What the project header's projects have data for (GET TyScreen/ProjectFeatures, common/screens/
// project-features.ts), asked once per project: the header leaves out 隧道管理 and 混凝土 where there is
// nothing to show (screen-targets.ts withoutLacking). `features` is undefined until answered, or when the
// call fails: then every entry stays; `settled` says the header's entries will not change any more.
import { useEffect, useState } from 'react';
import type { ProjectFeatures } from '../../../../common/screens/project-features';
import { getScreenCall } from './screen-call';

export function useProjectFeatures(enabled: boolean, projectId: string | undefined): { features: ProjectFeatures | undefined; settled: boolean } {
  const [answer, setAnswer] = useState<{ key: string; features?: ProjectFeatures }>();
  const key = projectId ?? '';
  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    getScreenCall<ProjectFeatures>('ProjectFeatures', projectId, controller.signal).then(
      (features) => setAnswer({ key, features }),
      () => {
        // Failed: the header keeps every entry (the screen itself shows the failure); aborted: another key asks.
        if (!controller.signal.aborted) setAnswer({ key });
      },
    );
    return () => controller.abort();
  }, [enabled, key, projectId]);
  if (!enabled) return { features: undefined, settled: true };
  const mine = answer?.key === key ? answer : undefined;
  return { features: mine?.features, settled: mine !== undefined };
}
