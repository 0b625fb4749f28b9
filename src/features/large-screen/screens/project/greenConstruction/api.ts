// GET /prod-api/api/TyScreen/GreenConstruction?pjctid1= — every panel of the green-construction screen in
// one request, refetched when the server's GreenConstruction stream announces a change.
import type { GreenConstruction } from '../../../../../../common/screens/green-construction';
import { useScreenCall } from '../../../data/screen-call';

export const useGreenConstruction = (projectId: string | undefined) => useScreenCall<GreenConstruction>('GreenConstruction', projectId);
