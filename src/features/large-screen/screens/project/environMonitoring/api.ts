// GET /prod-api/api/TyScreen/EnvironMonitoring?pjctid1= — every panel of the project environment screen in
// one request, refetched when the server's EnvironMonitoring stream announces a change.
import type { EnvironMonitoring } from '../../../../../../common/screens/environ-monitoring';
import { useScreenCall } from '../../../data/screen-call';

export const useEnvironMonitoring = (projectId: string | undefined) => useScreenCall<EnvironMonitoring>('EnvironMonitoring', projectId);
