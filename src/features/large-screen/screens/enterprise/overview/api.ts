// GET /prod-api/api/TyScreen/EnterpriseOverview?pjctid1= — every panel of the screen in one request,
// refetched when the server's stream announces a change (polling every 30 s when it cannot).
import type { EnterpriseOverview } from '../../../../../../common/screens/enterprise-overview';
import { useScreenCall } from '../../../data/screen-call';

export const useEnterpriseOverview = (projectId: string | undefined) => useScreenCall<EnterpriseOverview>('EnterpriseOverview', projectId);
