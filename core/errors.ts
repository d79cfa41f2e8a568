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

/** An AppError from its code and its two messages (and an HTTP status other than 200). */
export const localizedError = (code: number, en: string, zh: string, httpStatus?: number) => new AppError(code, { en, zh }, { httpStatus });
const e = localizedError;

/**
 * Factories: one per situation, so call sites read as sentences. The refusals (permission
 * errors) are server/access/denials.ts: only access/ and the dispatcher may refuse.
 */
export const errors = {
  validation: (en: string, zh = en) => e(ErrorCode.VALIDATION, en, zh),
  failed: (en = 'Operation failed', zh = '操作失败') => e(ErrorCode.FAILED, en, zh),
  notFound: (what: 'item' | 'page' | 'catalog' | 'file' | 'user' | 'team' | 'template' | 'notice' | string) => {
    const zhWhat: Record<string, string> = {
      item: '项目',
      page: '页面',
      catalog: '目录',
      file: '文件',
      user: '用户',
      team: '团队',
      template: '模板',
      notice: '消息',
      comment: '评论',
      token: '令牌',
    };
    return e(ErrorCode.FAILED, `The ${what} does not exist or has been deleted`, `${zhWhat[what] ?? what}不存在或已删除`);
  },
  usernameTaken: () => e(ErrorCode.USERNAME_TAKEN, 'That username already exists', '用户名已存在'),
  emailTaken: () => e(ErrorCode.EMAIL_TAKEN, 'That e-mail address is already in use', '该邮箱已被使用'),
  accountLocked: (untilIso: string) =>
    e(ErrorCode.ACCOUNT_LOCKED, `Too many failed logins: the account is locked until ${untilIso}`, `登录失败次数过多，账号已锁定至 ${untilIso}`),
  captchaWrong: () => e(ErrorCode.CAPTCHA_WRONG, 'The verification code is wrong or has expired', '验证码不正确或已过期'),
  passwordWrong: () => e(ErrorCode.PASSWORD_WRONG, 'The login password is wrong', '登录密码不正确'),
  userNotFound: () => e(ErrorCode.USER_NOT_FOUND, 'That user does not exist', '用户不存在'),
  loginFailed: () => e(ErrorCode.LOGIN_FAILED, 'Wrong username or password', '用户名或密码错误'),
  ldapFailed: (en: string, zh: string) => e(ErrorCode.LDAP_FAILED, en, zh),
  domainTaken: () => e(ErrorCode.DOMAIN_TAKEN, 'That personalized domain is already taken', '个性域名已被占用'),
  domainInvalid: () =>
    e(ErrorCode.DOMAIN_INVALID, 'item_domain: personalized domain names can only be a combination of letters or numbers', '个性域名只能是字母或数字的组合'),
  pageLocked: (holder: string) => e(ErrorCode.PAGE_LOCKED, `This page is being edited by ${holder}`, `该页面正在被 ${holder} 编辑`),
  staleRevision: () =>
    e(ErrorCode.STALE_REVISION, 'The page changed since you loaded it; nothing was overwritten', '页面在您打开后已被他人修改，未覆盖任何内容'),
  /** A write based on an older version (MCP, issue #23): answers the current one so the agent can re-read and retry. */
  staleBase: (current: { revision_id: number; content_hash: string }) =>
    new AppError(
      ErrorCode.STALE_REVISION,
      {
        en: `The page changed since you read it (now revision ${current.revision_id}); nothing was overwritten: read it again with folio_get_page and redo your change`,
        zh: `页面在您读取后已被修改（当前版本 ${current.revision_id}），未覆盖任何内容：请重新读取后再修改`,
      },
      { data: current },
    ),
  badRequest: (en: string, zh = en) => e(ErrorCode.BAD_REQUEST, en, zh, 400),
  writeNeedsPost: (action: string) =>
    e(ErrorCode.BAD_REQUEST, `${action} changes data and must be sent with POST`, `${action} 会修改数据，必须使用 POST 请求`, 405),
  unknownRoute: () => e(ErrorCode.UNKNOWN_ROUTE, 'Invalid request', '无效的请求', 404),
  rateLimited: (retryAfterSec: number) =>
    new AppError(
      ErrorCode.RATE_LIMITED,
      { en: `Too many requests; try again in ${retryAfterSec} s`, zh: `请求过于频繁，请 ${retryAfterSec} 秒后再试` },
      { httpStatus: 429, data: { retry_after: retryAfterSec } },
    ),
  server: (requestId: string) => e(ErrorCode.SERVER_ERROR, `Server error (request id ${requestId})`, `服务器错误（请求编号 ${requestId}）`, 500),
  // Same code as `server` for existing clients; the 503 tells proxies and scripts a retry may succeed.
  databaseUnavailable: (requestId: string) =>
    e(ErrorCode.SERVER_ERROR, `The database connection was lost; try again (request id ${requestId})`, `数据库连接中断，请重试（请求编号 ${requestId}）`, 503),
};
