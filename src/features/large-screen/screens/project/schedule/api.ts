// GET /prod-api/api/TyScreen/ScheduleManagement?pjctid1= — every panel of 进度管理 in one request,
// refetched when the server's ScheduleManagement stream announces a change (polling every 30 s when it cannot).
import type { ScheduleManagement } from '../../../../../../common/screens/schedule';
import { useScreenCall } from '../../../data/screen-call';

export const useScheduleManagement = (projectId: string | undefined) => useScreenCall<ScheduleManagement>('ScheduleManagement', projectId);
