// GET /prod-api/api/TyScreen/Engineering?pjctid1= — every panel of 工程概况 in one request, refetched when the
// server's stream announces a project, roster or device change (polling every 30 s when it cannot).
import type { Engineering } from '../../../../../../common/screens/engineering';
import { useScreenCall } from '../../../data/screen-call';

export const useEngineering = (projectId: string | undefined) => useScreenCall<Engineering>('Engineering', projectId);
