import { errors } from '../../../core/errors.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { createSession } from '../../auth/sessions.ts';
import { requireCaptcha } from '../../captcha/verifyCaptcha.ts';
import { User } from '../../models/User.ts';
import { inTransaction, type Deps } from '../../services.ts';
import { loadSiteSettings } from '../../settings.ts';
import { createUser } from './createUser.ts';
import { findUserById } from '../../models/userLookups.ts';
import type { LoggedIn } from './login.ts';

export interface RegisterInput {
  username: string;
  password: string;
  captcha: { id: string; code: string };
  ip: string;
  userAgent: string;
  sessionTtlDays: number;
}

/**
 * Self-registration, then an automatic login as ShowDoc does. Refused (10101) when the site has
 * switched registration off; 10206 on a wrong code; 10201 when the username is taken.
 */
export async function registerUser(deps: Deps, input: RegisterInput): Promise<LoggedIn> {
  const settings = await loadSiteSettings(deps.db);
  if (!settings.register_open) throw errors.failed('Registration is closed on this site', '本站已关闭注册');
  await requireCaptcha(deps, input.captcha.id, input.captcha.code);
  const passwordHash = await hashPassword(input.password);
  const { uid, session } = await inTransaction(deps, async (tx) => {
    const created = await createUser(tx, { username: input.username, password: '', passwordHash });
    await User.query(tx.db).findById(created.uid).patch({ last_login_time: tx.now() });
    const s = await createSession(tx, created.uid, input.sessionTtlDays, { ip: input.ip, userAgent: input.userAgent });
    return { uid: created.uid, session: s };
  });
  const user = (await findUserById(deps.db, uid))!;
  return { user, token: session.token, expiresAt: session.expiresAt };
}
