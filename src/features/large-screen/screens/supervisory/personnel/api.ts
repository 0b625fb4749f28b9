// GET /prod-api/api/TyScreen/SupervisoryPersonnel?pjctid1= — every panel of 实名制登记 in one request,
// refetched when the server's stream announces roster or attendance changes (polling every 30 s when it cannot).
import type { SupervisoryPersonnel } from '../../../../../../common/screens/supervisory';
import { useScreenCall } from '../../../data/screen-call';

export const useSupervisoryPersonnel = (projectId: string | undefined) => useScreenCall<SupervisoryPersonnel>('SupervisoryPersonnel', projectId);
