// GET /prod-api/api/TyScreen/Danger?pjctid1= — every panel of the special-equipment screen in one request,
// refetched when the server's Danger stream announces a change (polling every 30 s when it cannot).
import type { Danger } from '../../../../../../common/screens/danger';
import { useScreenCall } from '../../../data/screen-call';

export const useDanger = (projectId: string | undefined) => useScreenCall<Danger>('Danger', projectId);
