// GET /prod-api/api/TyScreen/ProjectManagements?pjctid1= — every panel of 项目管理 in one request,
// refetched when the server's stream announces a change (polling every 30 s when it cannot).
import type { ProjectManagements } from '../../../../../../common/screens/project-management';
import { useScreenCall } from '../../../data/screen-call';

export const useProjectManagements = (projectId: string | undefined) => useScreenCall<ProjectManagements>('ProjectManagements', projectId);
