// GET /prod-api/api/TyScreen/ConcretePlant?pjctid1= — every panel of the plant's screens in one request,
// refetched when the server's ConcretePlant stream announces a change (polling every 30 s when it cannot).
import type { ConcretePlant } from '../../../../../common/screens/concrete-plant';
import { useScreenCall } from '../../data/screen-call';

export const useConcretePlant = (projectId: string | undefined) => useScreenCall<ConcretePlant>('ConcretePlant', projectId);
