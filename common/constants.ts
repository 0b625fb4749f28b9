// Business constants and limits of spec §9, shared by browser and server.

export const WID = 11;
export const FROMPLAT_PC = 'pc';
export const FROMPLAT_MINAPP = 'minapp';
export const REQUEST_TIMEOUT_MS = 50_000;
export const DEVICE_REQUEST_TIMEOUT_MS = 2_000;
export const TOKEN_REFRESH_MS = 6_840_000;
export const SERVICE_TOKEN_TTL_MS = 2 * 60 * 60 * 1000;
export const MIN_PASSWORD_LENGTH = 6;
export const MOBILE_BREAKPOINT_PX = 992;
export const CLOCK_TICK_MS = 1000;
export const REFRESH_DELAY_MS = 500;
export const MESSAGE_DURATION_MS = 5000;
/** §2.6 / §9 notice banner: hidden at first, shown 13 s after the layout opens, hidden 50 s after (docs/console-shell.md). */
export const NOTICE_BANNER_SHOW_AT_MS = 13_000;
export const NOTICE_BANNER_HIDE_AT_MS = 50_000;
/** §7.1: the district-code request header, AuthAreaCode's value (read by no server scope: docs/console-shell.md). */
export const AREA_CODE_HEADER = 'areacode';
export const PLATFORM_TITLE = '项目平台';
export const ICON_PAGE_SIZE = 72;
export const HEADER_LIST_SIZE = 500;
export const ADMIN_ORG_LIST_SIZE = 1000;

export const API_BASE = '/prod-api';
export const CORE_BASE = '/prod-apicore';

/** Menu function types (§2.1): 0 management backend, 1 large screen. */
export type MenuFunctionType = 0 | 1;
export const FUNCTION_TYPE_BACKEND: MenuFunctionType = 0;
export const FUNCTION_TYPE_SCREEN: MenuFunctionType = 1;

/** Titles always kept whatever the function type (§2.1). */
export const ALWAYS_KEPT_TITLES = ['我的账户', '消息通知'] as const;

/** Button-level action names (§6). */
export const ACTION_NAMES = ['add', 'edit', 'delete', 'search', 'audit', 'export', 'inport', 'delivery'] as const;
export type ActionName = (typeof ACTION_NAMES)[number];

/** Data-authority / user-authority types (§1). */
export type UserAuthType = '0' | '1' | '2';

/** The response header naming a request (server logs carry the same id; a 5xx message shows it). */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What a user reads for a 5xx (or an answer that is no envelope): the text and the request's id. */
export const serverBusyText = (requestId?: string | null): string =>
  requestId ? `服务器繁忙，请稍后重试（请求编号：${requestId}）` : '服务器繁忙，请稍后重试';

export const MESSAGES = {
  sessionExpired: '当前登录状态过期，请重新登录',
  sessionExpiredTitle: '离线提示',
  relogin: '重新登录',
  noPermission: '没有权限',
  alreadyLoggedIn: '您已经登录',
  badRequest: '请求参数格式错误',
  notFound: '接口不存在',
  serverError: '服务器繁忙，请稍后重试',
  tooManyLogins: '登录失败次数过多，请15分钟后再试',
  wrongPassword: '用户名或密码错误',
  passwordChanged: '修改成功',
  loading: '加载中请稍后',
} as const;
