// GET /prod-api/api/TyScreen/ProjectOverview?pjctid1= — every panel of the project overview in one request,
// refetched when the server's ProjectOverview stream announces a change (polling every 30 s when it cannot).
import type { ProjectOverview } from '../../../../../../common/screens/project-overview';
import { useScreenCall } from '../../../data/screen-call';

export const useProjectOverview = (projectId: string | undefined) => useScreenCall<ProjectOverview>('ProjectOverview', projectId);
