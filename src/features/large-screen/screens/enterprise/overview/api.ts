// GET /prod-api/api/TyScreen/EnterpriseOverview?pjctid1=&enterpid1=&poctent1= — every panel of the screen in one request,
// refetched when the server's stream announces a change (polling every 30 s when it cannot).
import type { EnterpriseOverview } from '../../../../../../common/screens/enterprise-overview';
import { SCREEN_REFRESH_MS, useScreenCall, type ScreenCompany } from '../../../data/screen-call';

/** `company`: §2.4 sortId=1 with enterpid1 (a company) or poctent1 (a participating unit). */
export const useEnterpriseOverview = (projectId: string | undefined, company?: ScreenCompany) =>
  useScreenCall<EnterpriseOverview>('EnterpriseOverview', projectId, SCREEN_REFRESH_MS, { enterpid1: company?.enterpid1, poctent1: company?.poctent1 });
