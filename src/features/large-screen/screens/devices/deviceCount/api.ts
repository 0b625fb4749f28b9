// GET /prod-api/api/TyScreen/DeviceCount?pjctid1= — every panel of the 设备管理 screens in one request,
// refetched when the server's DeviceCount stream announces a change (polling every 30 s when it cannot).
import type { DeviceCount } from '../../../../../../common/screens/device-count';
import { useScreenCall } from '../../../data/screen-call';

export const useDeviceCount = (projectId: string | undefined) => useScreenCall<DeviceCount>('DeviceCount', projectId);
