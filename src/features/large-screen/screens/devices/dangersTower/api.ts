// GET /prod-api/api/TyScreen/DangersTower?pjctid1= — every panel of the project 特种设备 screens in one
// request, refetched when the server's DangersTower stream announces a change (polling every 30 s when it cannot).
import type { DangersTower } from '../../../../../../common/screens/device-count';
import { useScreenCall } from '../../../data/screen-call';

export const useDangersTower = (projectId: string | undefined) => useScreenCall<DangersTower>('DangersTower', projectId);
