// GET /prod-api/api/TyScreen/ProjectOverview?pjctid1= — every panel of the project overview in one request,
// refetched when the server's ProjectOverview stream announces a change (polling every 30 s when it cannot).
import type { ProjectOverview } from '../../../../../../common/screens/project-overview';
import { useOneProjectCall } from '../../../data/project-screen';

/** pjctid1's project, else the header's choice (data/project-screen.tsx useOneProjectCall). */
export const useProjectOverview = (projectId: string | undefined) => useOneProjectCall<ProjectOverview>('ProjectOverview', projectId);
