// GET /prod-api/api/TyScreen/ProjectPersonnel?pjctid1= — every panel of the project's 人员管理 in one request,
// refetched when the server's stream announces a roster or attendance change (polling every 30 s when it cannot).
import type { ProjectPersonnel } from '../../../../../../common/screens/project-personnel';
import { useScreenCall } from '../../../data/screen-call';

export const useProjectPersonnel = (projectId: string | undefined) => useScreenCall<ProjectPersonnel>('ProjectPersonnel', projectId);
