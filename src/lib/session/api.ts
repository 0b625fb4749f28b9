// Typed calls of the session and header (§7.2, §7.3, docs/api.md). Wire names stay exactly as the contract.
import { HEADER_LIST_SIZE } from '../../../common/constants';
import type { Envelope } from '../../../common/envelope';
import type {
  CompanySwitchRequest,
  CompanySwitchResult,
  LoginResult,
  ModifyPasswordRequest,
  OrgNode,
  ProjectListItem,
  ProjectSwitchResult,
  LoginRequest,
  RegisterRequest,
} from '../../../common/wire';
import { http, request, unwrap } from '../http/client';

/** The login form fields; grant_type and loginType are filled in by postLogin. */
export type LoginForm = Omit<LoginRequest, 'grant_type' | 'loginType'>;

/** GET core /api/token/getToken: `code: 0` and the service token in `data` (§7.2). */
export async function fetchServiceToken(): Promise<string> {
  const env = await request<string>({ method: 'GET', url: '/api/token/getToken', base: 'core' });
  if (typeof env.data !== 'string' || !env.data) throw new Error(env.detail || '获取令牌失败');
  return env.data;
}

/** POST core /web/login, form-encoded; token, fromplat and wid in the query. The envelope is returned
 * as is so the caller can show the server's detail when status is not 1 (§8). */
export const postLogin = (form: LoginForm): Promise<Envelope<LoginResult>> =>
  request<LoginResult>({
    method: 'POST',
    url: '/web/login',
    base: 'core',
    form: true,
    mergeIntoQuery: true,
    data: {
      grant_type: 'password',
      loginType: 1,
      userName: form.userName,
      password: form.password,
      confirmPhone: form.confirmPhone ?? '',
      confirmCode: form.confirmCode ?? '',
      companyId: form.companyId ?? '',
      companyName: form.companyName ?? '',
    },
  });

export const postLogout = (): Promise<Envelope<unknown>> => http.post('/web/logout', {}, 'core');

export const postRegister = (body: RegisterRequest): Promise<Envelope<{ UserID: string }>> =>
  http.post('/api/Employee/PCEmployeeRegister', body);

export const postModifyPassword = (body: ModifyPasswordRequest): Promise<Envelope<unknown>> =>
  http.post('/api/Employee/PCModifyPwd', body);

export const updateUserRedis = (body: CompanySwitchRequest): Promise<CompanySwitchResult> =>
  // §4: the switch reloads permissions under the loading overlay.
  unwrap(request<CompanySwitchResult>({ method: 'POST', url: '/api/ERPUser/UpdateUserRedis', data: body, loading: true }));

export const updateUserProjectId = (GlobalProjectID: string): Promise<ProjectSwitchResult> =>
  unwrap(request<ProjectSwitchResult>({ method: 'POST', url: '/api/ERPUser/UpdateUserProjectID', data: { GlobalProjectID }, loading: true }));

/** §6: IsSystemAdmin chooses the admin or the normal organisation list. */
export const fetchOrgList = (isSystemAdmin: boolean): Promise<OrgNode[]> =>
  unwrap(
    http.get<OrgNode[]>(isSystemAdmin ? '/api/Org/AdminGetAllQueryOrgList' : '/api/Org/QueryOrgList', {
      index: 0,
      size: HEADER_LIST_SIZE,
    }),
  ).then((list) => list ?? []);

export const fetchProjectList = (userId: string): Promise<ProjectListItem[]> =>
  unwrap(
    http.get<ProjectListItem[]>('/api/Project/WhereProjectList', { user_id: userId, index: 0, size: HEADER_LIST_SIZE }),
  ).then((list) => list ?? []);
