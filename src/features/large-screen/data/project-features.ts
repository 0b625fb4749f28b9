// What the project header's projects have data for (GET TyScreen/ProjectFeatures, common/screens/
// project-features.ts), asked once per project: the header leaves out 隧道管理 and 混凝土 where there is
// nothing to show (screen-targets.ts withoutLacking). Undefined until answered, or when the call fails:
// then every entry stays.
import { useEffect, useState } from 'react';
import type { ProjectFeatures } from '../../../../common/screens/project-features';
import { getScreenCall } from './screen-call';

export function useProjectFeatures(enabled: boolean, projectId: string | undefined): ProjectFeatures | undefined {
  const [answer, setAnswer] = useState<{ key: string; features: ProjectFeatures }>();
  const key = projectId ?? '';
  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    getScreenCall<ProjectFeatures>('ProjectFeatures', projectId, controller.signal).then(
      (features) => setAnswer({ key, features }),
      () => undefined, // the header keeps every entry; the screen itself shows the failure
    );
    return () => controller.abort();
  }, [enabled, key, projectId]);
  return enabled && answer?.key === key ? answer.features : undefined;
}
