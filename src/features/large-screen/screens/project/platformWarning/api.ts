// GET /prod-api/api/TyScreen/PlatformWarning?pjctid1= — every panel of 平台预警 in one request, refetched when
// the server's stream announces alarms, hazards or devices (polling every 30 s when it cannot).
import type { PlatformWarning } from '../../../../../../common/screens/platform-warning';
import { useOneProjectCall } from '../../../data/project-screen';

/** pjctid1's project, else the header's choice (data/project-screen.tsx useOneProjectCall). */
export const usePlatformWarning = (projectId: string | undefined) => useOneProjectCall<PlatformWarning>('PlatformWarning', projectId);
