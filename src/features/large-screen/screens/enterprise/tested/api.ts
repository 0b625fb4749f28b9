// GET /prod-api/api/TyScreen/Tested?pjctid1= — every panel of the equipment management screen in one
// request, refetched when the server's Tested stream announces a change (polling every 30 s when it
// cannot).
import type { Tested } from '../../../../../../common/screens/tested';
import { useScreenCall } from '../../../data/screen-call';

export const useTested = (projectId: string | undefined) => useScreenCall<Tested>('Tested', projectId);
