// GET /prod-api/api/TyScreen/SiteChecks?pjctid1= — every panel of the project quality and safety screens in
// one request, refetched when the server's SiteChecks stream announces a change.
import type { SiteChecks } from '../../../../../../common/screens/site-checks';
import { useScreenCall } from '../../../data/screen-call';

export const useSiteChecks = (projectId: string | undefined) => useScreenCall<SiteChecks>('SiteChecks', projectId);
