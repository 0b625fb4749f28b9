// GET /prod-api/api/TyScreen/Environment?pjctid1= — every panel of the environment screen in one request,
// refetched when the server's Environment stream announces a change (polling every 30 s when it cannot).
import type { Environment } from '../../../../../../common/screens/environment';
import { useScreenCall } from '../../../data/screen-call';

export const useEnvironment = (projectId: string | undefined) => useScreenCall<Environment>('Environment', projectId);
