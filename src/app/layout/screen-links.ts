// Header buttons and the switch-to-large-screen target by UserAuthType (§2.6, §2.4).
import { FUNCTION_TYPE_BACKEND, FUNCTION_TYPE_SCREEN, type MenuFunctionType, type UserAuthType } from '../../../common/constants';
import { firstBuiltScreen } from '../../features/large-screen/screen-targets';

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

/**
 * Where the 大屏 buttons go: the first built screen of the user's kind with its §2.4 query (supervision
 * sortId=101, project sortId=21&pjctid1; a ready-mix plant's users its own screens by the company's
 * 单位类型), never an empty placeholder (screen-targets.ts).
 */
export const largeScreenPath = (authType: string | undefined, projectId: string | undefined, companyType?: number): string =>
  firstBuiltScreen(authType, authType === '2' ? projectId : undefined, undefined, companyType);
