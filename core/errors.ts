/**
 * Error codes shared by server, web and CLI. Numbers are ShowDoc's so existing clients react
 * correctly (see shared/reference/error-codes.md). Messages are bilingual; the server picks the
 * language per request.
 */
export const ErrorCode = {
  OK: 0,
  LDAP_FAILED: 10011,
  VALIDATION: 10100,
  FAILED: 10101,
  NOT_LOGGED_IN: 10102,
  NO_PERMISSION: 10103,
  USERNAME_TAKEN: 10201,
  EMAIL_TAKEN: 10202,
  ACCOUNT_LOCKED: 10204,
  CAPTCHA_WRONG: 10206,
  PASSWORD_WRONG: 10208,
  USER_NOT_FOUND: 10209,
  LOGIN_FAILED: 10210,
  NO_VISIT: 10301,
  NO_EDIT: 10302,
  NEED_ITEM_PASSWORD: 10303,
  DOMAIN_TAKEN: 10304,
  DOMAIN_INVALID: 10305,
  API_KEY_MISMATCH: 10306,
  NEED_ITEM_PASSWORD_ALT: 10307,
  ITEM_PASSWORD_CAPTCHA: 10308,
  PAGE_LOCKED: 10309,
  STALE_REVISION: 10310,
  ITEM_ARCHIVED: 10311,
  LOGIN_REQUIRED_SITE: 10312,
  /** A caller who may visit the item lacks the right for this action (manage, owner, another's page): never the password screen. */
  NO_ITEM_PERMISSION: 10313,
  BAD_REQUEST: 10400,
  UNKNOWN_ROUTE: 10404,
  RATE_LIMITED: 10429,
  SERVER_ERROR: 10500,
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

export type Lang = 'en' | 'zh';
export interface Localized {
  en: string;
  zh: string;
}

/** The one error type of the application; only the envelope middleware turns it into a response. */
export class AppError extends Error {
  readonly code: number;
  readonly localized: Localized;
  readonly httpStatus: number;
  readonly data: unknown;
  constructor(code: number, message: Localized, opts: { httpStatus?: number; data?: unknown } = {}) {
    super(message.en);
    this.name = 'AppError';
    this.code = code;
    this.localized = message;
    this.httpStatus = opts.httpStatus ?? 200;
    this.data = opts.data;
  }
  messageIn(lang: Lang): string {
    return this.localized[lang] || this.localized.en;
  }
}

const e = (code: number, en: string, zh: string, httpStatus?: number) => new AppError(code, { en, zh }, { httpStatus });

/** Factories: one per situation, so call sites read as sentences. */
export const errors = {
  validation: (en: string, zh = en) => e(ErrorCode.VALIDATION, en, zh),
  failed: (en = 'Operation failed', zh = '操作失败') => e(ErrorCode.FAILED, en, zh),
  notFound: (what: 'item' | 'page' | 'catalog' | 'file' | 'user' | 'team' | 'template' | 'notice' | string) => {
    const zhWhat: Record<string, string> = { item: '项目', page: '页面', catalog: '目录', file: '文件', user: '用户', team: '团队', template: '模板', notice: '消息', comment: '评论' };
    return e(ErrorCode.FAILED, `The ${what} does not exist or has been deleted`, `${zhWhat[what] ?? what}不存在或已删除`);
  },
  notLoggedIn: (reason: 'missing' | 'invalid' = 'missing') =>
    reason === 'missing'
      ? e(ErrorCode.NOT_LOGGED_IN, 'You are not logged in', '您尚未登录')
      : e(ErrorCode.NOT_LOGGED_IN, 'Your session is invalid or has expired; please log in again', '登录已失效，请重新登录'),
  adminRequired: () => e(ErrorCode.NO_PERMISSION, 'Administrator rights are required', '需要管理员权限'),
  noPermission: (en = 'You do not have permission to do this', zh = '您没有权限进行此操作') => e(ErrorCode.NO_PERMISSION, en, zh),
  usernameTaken: () => e(ErrorCode.USERNAME_TAKEN, 'That username already exists', '用户名已存在'),
  emailTaken: () => e(ErrorCode.EMAIL_TAKEN, 'That e-mail address is already in use', '该邮箱已被使用'),
  accountLocked: (untilIso: string) =>
    e(ErrorCode.ACCOUNT_LOCKED, `Too many failed logins: the account is locked until ${untilIso}`, `登录失败次数过多，账号已锁定至 ${untilIso}`),
  captchaWrong: () => e(ErrorCode.CAPTCHA_WRONG, 'The verification code is wrong or has expired', '验证码不正确或已过期'),
  passwordWrong: () => e(ErrorCode.PASSWORD_WRONG, 'The login password is wrong', '登录密码不正确'),
  userNotFound: () => e(ErrorCode.USER_NOT_FOUND, 'That user does not exist', '用户不存在'),
  loginFailed: () => e(ErrorCode.LOGIN_FAILED, 'Wrong username or password', '用户名或密码错误'),
  ldapFailed: (en: string, zh: string) => e(ErrorCode.LDAP_FAILED, en, zh),
  noVisit: () => e(ErrorCode.NO_VISIT, 'You do not have permission to visit this item', '您没有访问该项目的权限'),
  noEdit: () => e(ErrorCode.NO_EDIT, 'You do not have permission to edit this item', '您没有编辑该项目的权限'),
  needItemPassword: () => e(ErrorCode.NEED_ITEM_PASSWORD, 'This item is private: enter its visit password', '该项目为私密项目，请输入访问密码'),
  noItemPermission: () => e(ErrorCode.NO_ITEM_PERMISSION, 'You do not have permission to do this in this item', '您在该项目中没有进行此操作的权限'),
  domainTaken: () => e(ErrorCode.DOMAIN_TAKEN, 'That personalized domain is already taken', '个性域名已被占用'),
  domainInvalid: () =>
    e(ErrorCode.DOMAIN_INVALID, 'item_domain: personalized domain names can only be a combination of letters or numbers', '个性域名只能是字母或数字的组合'),
  apiKeyMismatch: () => e(ErrorCode.API_KEY_MISMATCH, 'api_key or api_token does not match', 'api_key或者api_token不匹配'),
  itemPasswordWrong: () => e(ErrorCode.NEED_ITEM_PASSWORD_ALT, 'The visit password is wrong', '访问密码不正确'),
  itemPasswordCaptcha: () =>
    e(ErrorCode.ITEM_PASSWORD_CAPTCHA, 'Too many wrong passwords: enter the verification code too', '密码错误次数过多，请输入验证码'),
  pageLocked: (holder: string) =>
    e(ErrorCode.PAGE_LOCKED, `This page is being edited by ${holder}`, `该页面正在被 ${holder} 编辑`),
  staleRevision: () =>
    e(ErrorCode.STALE_REVISION, 'The page changed since you loaded it; nothing was overwritten', '页面在您打开后已被他人修改，未覆盖任何内容'),
  commentsOff: () => e(ErrorCode.NO_ITEM_PERMISSION, 'Comments are turned off for this item', '该项目已关闭评论'),
  feedbackOff: () => e(ErrorCode.NO_ITEM_PERMISSION, 'Reader feedback is turned off for this item', '该项目已关闭页面反馈'),
  itemArchived: () => e(ErrorCode.ITEM_ARCHIVED, 'This item is archived and read-only', '该项目已归档，只读'),
  siteLoginRequired: () => e(ErrorCode.LOGIN_REQUIRED_SITE, 'This site requires you to log in to read', '本站需要登录后才能阅读'),
  badRequest: (en: string, zh = en) => e(ErrorCode.BAD_REQUEST, en, zh, 400),
  writeNeedsPost: (action: string) =>
    e(ErrorCode.BAD_REQUEST, `${action} changes data and must be sent with POST`, `${action} 会修改数据，必须使用 POST 请求`, 405),
  crossSiteRefused: (en: string, zh: string) => e(ErrorCode.NO_PERMISSION, en, zh, 403),
  unknownRoute: () => e(ErrorCode.UNKNOWN_ROUTE, 'Invalid request', '无效的请求', 404),
  rateLimited: (retryAfterSec: number) =>
    new AppError(
      ErrorCode.RATE_LIMITED,
      { en: `Too many requests; try again in ${retryAfterSec} s`, zh: `请求过于频繁，请 ${retryAfterSec} 秒后再试` },
      { httpStatus: 429, data: { retry_after: retryAfterSec } },
    ),
  server: (requestId: string) =>
    e(ErrorCode.SERVER_ERROR, `Server error (request id ${requestId})`, `服务器错误（请求编号 ${requestId}）`, 500),
  // Same code as `server` for existing clients; the 503 tells proxies and scripts a retry may succeed.
  databaseUnavailable: (requestId: string) =>
    e(
      ErrorCode.SERVER_ERROR,
      `The database connection was lost; try again (request id ${requestId})`,
      `数据库连接中断，请重试（请求编号 ${requestId}）`,
      503,
    ),
};
