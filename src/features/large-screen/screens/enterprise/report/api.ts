// GET /prod-api/api/TyScreen/Report?pjctid1= — every panel of 统计报表 in one request, refetched when the
// server's stream announces new attendance, alarms, hazards or passages (polling every 5 min when it cannot:
// monthly figures move slowly).
import { request, unwrap } from '../../../../../lib/http/client';
import { useScreenSource } from '../../../data/use-screen-source';
import type { Report } from './model';

export const REPORT_URL = '/api/TyScreen/Report';
export const REPORT_REFRESH_MS = 300_000;

export const getReport = (projectId: string | undefined, signal?: AbortSignal): Promise<Report> =>
  unwrap(request<Report>({ method: 'GET', url: REPORT_URL, params: { pjctid1: projectId }, signal }));

export const useReport = (projectId: string | undefined) =>
  useScreenSource(`Report:${projectId ?? ''}`, (signal) => getReport(projectId, signal), { intervalMs: REPORT_REFRESH_MS, stream: 'Report' });
