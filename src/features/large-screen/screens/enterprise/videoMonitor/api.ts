// GET /prod-api/api/TyScreen/VideoMonitor?pjctid1= — the cameras of every project in scope, for both video
// screens (videoMonitor and the supervisory jgdvideoMonitor), refetched when the server's VideoMonitor
// stream announces a device change (polling every 30 s when it cannot).
import type { VideoMonitor } from '../../../../../../common/screens/video';
import { useScreenCall } from '../../../data/screen-call';

export const useVideoMonitor = (projectId: string | undefined) => useScreenCall<VideoMonitor>('VideoMonitor', projectId);
