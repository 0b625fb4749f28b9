// GET /prod-api/api/TyScreen/AiRecognition?pjctid1= — every panel of the AI recognition screen in one request,
// refetched when the server's AiRecognition stream announces a change.
import type { AiRecognition } from '../../../../../../common/screens/ai-recognition';
import { useScreenCall } from '../../../data/screen-call';

export const useAiRecognition = (projectId: string | undefined) => useScreenCall<AiRecognition>('AiRecognition', projectId);
