// GET /prod-api/api/TyScreen/Report?pjctid1= — every panel of 统计报表 in one request, refetched when the
// server's stream announces new attendance, alarms, hazards or passages (polling every 5 min when it cannot:
// monthly figures move slowly).
import type { Report } from '../../../../../../common/screens/report';
import { useScreenCall } from '../../../data/screen-call';

export const REPORT_REFRESH_MS = 300_000;

export const useReport = (projectId: string | undefined) => useScreenCall<Report>('Report', projectId, REPORT_REFRESH_MS);
