// GET /prod-api/api/TyScreen/Slag and ProjectCar?pjctid1= — every panel of 渣土监管 and the project's
// 车辆管理 in one request each, refetched when the server's stream announces a change (docs/spoil.md).
import type { ProjectCar, Slag } from '../../../../../../common/screens/spoil';
import { useScreenCall } from '../../../data/screen-call';

export const useSlag = (projectId: string | undefined) => useScreenCall<Slag>('Slag', projectId);
export const useProjectCar = (projectId: string | undefined) => useScreenCall<ProjectCar>('ProjectCar', projectId);
