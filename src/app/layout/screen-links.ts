// Header buttons and the switch-to-large-screen target by UserAuthType (§2.6, §2.4).
import { FUNCTION_TYPE_BACKEND, FUNCTION_TYPE_SCREEN, type MenuFunctionType, type UserAuthType } from '../../../common/constants';

export type FunctionButton = { label: string; functionType: MenuFunctionType };

export const FUNCTION_BUTTONS: Readonly<Record<UserAuthType, readonly [FunctionButton, FunctionButton]>> = {
  '0': [
    { label: '企业管理后台', functionType: FUNCTION_TYPE_BACKEND },
    { label: '企业大屏', functionType: FUNCTION_TYPE_SCREEN },
  ],
  '1': [
    { label: '监管后台', functionType: FUNCTION_TYPE_BACKEND },
    { label: '监管大屏', functionType: FUNCTION_TYPE_SCREEN },
  ],
  '2': [
    { label: '项目后台', functionType: FUNCTION_TYPE_BACKEND },
    { label: '项目大屏', functionType: FUNCTION_TYPE_SCREEN },
  ],
};

export const functionButtonsFor = (authType: string | undefined): readonly FunctionButton[] =>
  authType === '0' || authType === '1' || authType === '2' ? FUNCTION_BUTTONS[authType] : [];

/** §2.4 query-addressed screens: enterprise overview, supervisory (sortId 101), project (sortId 21). */
export function largeScreenPath(authType: string | undefined, projectId: string | undefined): string {
  if (authType === '1') return '/LargeScreen/SupervisoryScreen/overview?sortId=101';
  if (authType === '2') return `/LargeScreen/ProjectScreen/projectOverview?sortId=21&pjctid1=${encodeURIComponent(projectId ?? '')}`;
  return '/LargeScreen/EnterpriseScreen/overview';
}
