// GET /prod-api/api/TyScreen/QualitySafety?pjctid1= — every panel of the quality and safety screen in one
// request, refetched when the server's QualitySafety stream announces a change (polling every 30 s when
// it cannot).
import { request, unwrap } from '../../../../../lib/http/client';
import { useScreenSource } from '../../../data/use-screen-source';
import type { QualitySafety } from './model';

export const QUALITY_SAFETY_URL = '/api/TyScreen/QualitySafety';
export const QUALITY_SAFETY_REFRESH_MS = 30_000;

export const getQualitySafety = (projectId: string | undefined, signal?: AbortSignal): Promise<QualitySafety> =>
  unwrap(request<QualitySafety>({ method: 'GET', url: QUALITY_SAFETY_URL, params: { pjctid1: projectId }, signal }));

export const useQualitySafety = (projectId: string | undefined) =>
  useScreenSource(`QualitySafety:${projectId ?? ''}`, (signal) => getQualitySafety(projectId, signal), {
    intervalMs: QUALITY_SAFETY_REFRESH_MS,
    stream: 'QualitySafety',
  });
