// GET /prod-api/api/TyScreen/SupervisoryOverview?pjctid1= — every panel of the supervision overview in one
// request, refetched when the server's stream announces a change (polling every 30 s when it cannot).
import type { SupervisoryOverview } from '../../../../../../common/screens/supervisory';
import { useScreenCall } from '../../../data/screen-call';

export const useSupervisoryOverview = (projectId: string | undefined) => useScreenCall<SupervisoryOverview>('SupervisoryOverview', projectId);
