// GET /prod-api/api/TyScreen/QualitySafety?pjctid1= — every panel of the quality and safety screen in one
// request, refetched when the server's QualitySafety stream announces a change (polling every 30 s when
// it cannot).
import type { QualitySafety } from '../../../../../../common/screens/quality-safety';
import { useScreenCall } from '../../../data/screen-call';

export const useQualitySafety = (projectId: string | undefined) => useScreenCall<QualitySafety>('QualitySafety', projectId);
