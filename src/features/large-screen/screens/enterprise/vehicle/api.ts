// GET /prod-api/api/TyScreen/Vehicle?pjctid1= — every panel of the vehicle screen in one request,
// refetched when the server's Vehicle stream announces a change (polling every 30 s when it cannot).
import type { Vehicle } from '../../../../../../common/screens/vehicle';
import { useScreenCall } from '../../../data/screen-call';

export const useVehicle = (projectId: string | undefined) => useScreenCall<Vehicle>('Vehicle', projectId);
