import { ErrorCode, localizedError as e } from '../../core/errors.ts';

// The permission errors. Rights have one home: only access/ (loaders over policies/) and the
// dispatcher's auth level and origin check (http/dispatcher.ts, http/requestOrigin.ts) may import
// this module; .dependency-cruiser.cjs (permission-errors-only-in-access) refuses anyone else.

export const denials = {
  notLoggedIn: (reason: 'missing' | 'invalid' = 'missing') =>
    reason === 'missing'
      ? e(ErrorCode.NOT_LOGGED_IN, 'You are not logged in', '您尚未登录')
      : e(ErrorCode.NOT_LOGGED_IN, 'Your session is invalid or has expired; please log in again', '登录已失效，请重新登录'),
  adminRequired: () => e(ErrorCode.NO_PERMISSION, 'Administrator rights are required', '需要管理员权限'),
  tokenRefused: (action: string) =>
    e(
      ErrorCode.NO_PERMISSION,
      `A personal access token may not call ${action} (read tokens never write; token and administrator actions need a login)`,
      `个人访问令牌不能调用 ${action}（只读令牌不能写入；令牌管理和管理员操作需要登录）`,
    ),
  noPermission: (en = 'You do not have permission to do this', zh = '您没有权限进行此操作') => e(ErrorCode.NO_PERMISSION, en, zh),
  noVisit: () => e(ErrorCode.NO_VISIT, 'You do not have permission to visit this item', '您没有访问该项目的权限'),
  noEdit: () => e(ErrorCode.NO_EDIT, 'You do not have permission to edit this item', '您没有编辑该项目的权限'),
  needItemPassword: () => e(ErrorCode.NEED_ITEM_PASSWORD, 'This item is private: enter its visit password', '该项目为私密项目，请输入访问密码'),
  noItemPermission: () => e(ErrorCode.NO_ITEM_PERMISSION, 'You do not have permission to do this in this item', '您在该项目中没有进行此操作的权限'),
  apiKeyMismatch: () => e(ErrorCode.API_KEY_MISMATCH, 'api_key or api_token does not match', 'api_key或者api_token不匹配'),
  itemPasswordWrong: () => e(ErrorCode.NEED_ITEM_PASSWORD_ALT, 'The visit password is wrong', '访问密码不正确'),
  itemPasswordCaptcha: () => e(ErrorCode.ITEM_PASSWORD_CAPTCHA, 'Too many wrong passwords: enter the verification code too', '密码错误次数过多，请输入验证码'),
  commentsOff: () => e(ErrorCode.NO_ITEM_PERMISSION, 'Comments are turned off for this item', '该项目已关闭评论'),
  feedbackOff: () => e(ErrorCode.NO_ITEM_PERMISSION, 'Reader feedback is turned off for this item', '该项目已关闭页面反馈'),
  itemArchived: () => e(ErrorCode.ITEM_ARCHIVED, 'This item is archived and read-only', '该项目已归档，只读'),
  siteLoginRequired: () => e(ErrorCode.LOGIN_REQUIRED_SITE, 'This site requires you to log in to read', '本站需要登录后才能阅读'),
  crossSiteRefused: (en: string, zh: string) => e(ErrorCode.NO_PERMISSION, en, zh, 403),
};
