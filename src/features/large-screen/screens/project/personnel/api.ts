// GET /prod-api/api/TyScreen/ProjectPersonnel?pjctid1= — every panel of the project's 人员管理 in one request,
// refetched when the server's stream announces a roster or attendance change (polling every 30 s when it cannot).
import type { ProjectPersonnel } from '../../../../../../common/screens/project-personnel';
import { useOneProjectCall } from '../../../data/project-screen';

/** pjctid1's project, else the header's choice (data/project-screen.tsx useOneProjectCall). */
export const useProjectPersonnel = (projectId: string | undefined) => useOneProjectCall<ProjectPersonnel>('ProjectPersonnel', projectId);
