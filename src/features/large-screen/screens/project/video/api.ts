// GET /prod-api/api/TyScreen/VideoMonitor?pjctid1= — the project's cameras with their online state, refetched
// when the server's VideoMonitor stream announces a device change (polling every 30 s when it cannot).
import type { VideoMonitor } from '../../../../../../common/screens/video';
import { useScreenCall } from '../../../data/screen-call';

export const useProjectCameras = (projectId: string | undefined) => useScreenCall<VideoMonitor>('VideoMonitor', projectId);
