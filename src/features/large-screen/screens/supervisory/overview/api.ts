// GET /prod-api/api/TyScreen/SupervisoryOverview?pjctid1=&governmentid1= — every panel of the supervision overview in one
// request, refetched when the server's stream announces a change (polling every 30 s when it cannot).
import type { SupervisoryOverview } from '../../../../../../common/screens/supervisory';
import { SCREEN_REFRESH_MS, useScreenCall, type ScreenCompany } from '../../../data/screen-call';

/** `company`: §2.4 sortId=101 with governmentid1 (a supervision body). */
export const useSupervisoryOverview = (projectId: string | undefined, company?: ScreenCompany) =>
  useScreenCall<SupervisoryOverview>('SupervisoryOverview', projectId, SCREEN_REFRESH_MS, { governmentid1: company?.governmentid1 });
