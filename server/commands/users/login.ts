import { errors } from '../../../core/errors.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { createSession } from '../../auth/sessions.ts';
import { burnPasswordCheck, verifyUserPassword } from '../../auth/verifyPassword.ts';
import { requireCaptcha } from '../../captcha/verifyCaptcha.ts';
import { inTransaction, type Deps } from '../../services.ts';
import { checkLoginAllowed, loginAccountKey, recordLoginFailure, recordLoginSuccess } from '../../throttle/loginThrottle.ts';
import { loginViaLdap } from './ldapLogin.ts';
import { findUserById, findUserByLogin } from '../../models/userLookups.ts';
import { User, type UserRow } from '../../models/User.ts';

export interface LoginInput {
  /** Username or e-mail address. */
  login: string;
  password: string;
  captcha: { id: string; code: string };
  ip: string;
  userAgent: string;
  sessionTtlDays: number;
  timeZone: string;
}

export interface LoggedIn {
  user: UserRow;
  token: string;
  expiresAt: number;
}

/**
 * Password login with brute-force protection (see loginThrottle): 10429 / 10204 before anything
 * else, 10206 when a code is required and missing or wrong, 10210 for wrong credentials. On
 * success a ShowDoc-format hash is upgraded to scrypt and a session is opened.
 */
export async function loginWithPassword(deps: Deps, input: LoginInput): Promise<LoggedIn> {
  const found = await findUserByLogin(deps.db, input.login);
  const accountKey = loginAccountKey(found?.uid ?? null, input.login);
  const gate = await checkLoginAllowed(deps, accountKey, input.ip, input.timeZone);
  if (gate.captchaRequired) await requireCaptcha(deps, input.captcha.id, input.captcha.code);

  // A local account proves itself with its own password only, never through the directory; an
  // LDAP-linked account (or a login no account has) only through the directory (issue #20.6).
  const local = found?.auth_source === 'local' ? found : null;
  const check = local ? await verifyUserPassword(input.password, local.password_hash) : (await burnPasswordCheck(input.password), null);
  const account = local ? (check?.ok ? local : null) : await loginViaLdap(deps, input.login, input.password);
  if (!account) {
    await recordLoginFailure(deps, accountKey, input.ip, input.timeZone);
    throw errors.loginFailed();
  }

  const upgradedHash = account === local && check?.needsUpgrade ? await hashPassword(input.password) : null;
  const session = await inTransaction(deps, async (tx) => {
    await User.query(tx.db)
      .findById(account.uid)
      .patch({ last_login_time: tx.now(), ...(upgradedHash ? { password_hash: upgradedHash } : {}) });
    await recordLoginSuccess(tx, accountKey);
    return createSession(tx, account.uid, input.sessionTtlDays, { ip: input.ip, userAgent: input.userAgent });
  });
  const user = (await findUserById(deps.db, account.uid))!;
  return { user, token: session.token, expiresAt: session.expiresAt };
}
