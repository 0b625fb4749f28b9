// GET /prod-api/api/TyScreen/Tunnel?pjctid1= — every panel of the tunnel screen in one request, refetched
// when the server's Tunnel stream announces a change.
import type { Tunnel } from '../../../../../../common/screens/tunnel';
import { useScreenCall } from '../../../data/screen-call';

export const useTunnel = (projectId: string | undefined) => useScreenCall<Tunnel>('Tunnel', projectId);
