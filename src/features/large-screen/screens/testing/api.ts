// GET /prod-api/api/TyScreen/Testing?pjctid1= — every panel of the 检测机构 screens in one request,
// refetched when the server's Testing stream announces a change (polling every 30 s when it cannot).
import type { Testing } from '../../../../../common/screens/testing';
import { useScreenCall } from '../../data/screen-call';

export const useTesting = (projectId: string | undefined) => useScreenCall<Testing>('Testing', projectId);
