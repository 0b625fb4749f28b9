// GET /prod-api/api/TyScreen/BuildPersonnel?pjctid1= — every panel of 人员管理 in one request, refetched
// when the server's stream announces a roster or attendance change (polling every 30 s when it cannot).
import type { BuildPersonnel } from '../../../../../../common/screens/personnel';
import { useScreenCall } from '../../../data/screen-call';

export const useBuildPersonnel = (projectId: string | undefined) => useScreenCall<BuildPersonnel>('BuildPersonnel', projectId);
