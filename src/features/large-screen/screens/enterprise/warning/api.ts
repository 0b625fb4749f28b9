// GET /prod-api/api/TyScreen/Warning?pjctid1= — every panel of 预警中心 in one request, refetched when the
// server's stream announces alarms or hazards (polling every 30 s when it cannot).
import type { Warning } from '../../../../../../common/screens/warning';
import { useScreenCall } from '../../../data/screen-call';

export const useWarning = (projectId: string | undefined) => useScreenCall<Warning>('Warning', projectId);
