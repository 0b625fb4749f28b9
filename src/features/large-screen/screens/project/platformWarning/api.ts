// GET /prod-api/api/TyScreen/PlatformWarning?pjctid1= — every panel of 平台预警 in one request, refetched when
// the server's stream announces alarms, hazards or devices (polling every 30 s when it cannot).
import type { PlatformWarning } from '../../../../../../common/screens/platform-warning';
import { useScreenCall } from '../../../data/screen-call';

export const usePlatformWarning = (projectId: string | undefined) => useScreenCall<PlatformWarning>('PlatformWarning', projectId);
