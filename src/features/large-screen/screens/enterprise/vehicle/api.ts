// GET /prod-api/api/TyScreen/Vehicle?pjctid1= — every panel of the vehicle screen in one request,
// refetched when the server's Vehicle stream announces a change (polling every 30 s when it cannot).
import { request, unwrap } from '../../../../../lib/http/client';
import { useScreenSource } from '../../../data/use-screen-source';
import type { Vehicle } from './model';

export const VEHICLE_URL = '/api/TyScreen/Vehicle';
export const VEHICLE_REFRESH_MS = 30_000;

export const getVehicle = (projectId: string | undefined, signal?: AbortSignal): Promise<Vehicle> =>
  unwrap(request<Vehicle>({ method: 'GET', url: VEHICLE_URL, params: { pjctid1: projectId }, signal }));

export const useVehicle = (projectId: string | undefined) =>
  useScreenSource(`Vehicle:${projectId ?? ''}`, (signal) => getVehicle(projectId, signal), { intervalMs: VEHICLE_REFRESH_MS, stream: 'Vehicle' });
