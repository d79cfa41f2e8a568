import { UserGroup } from '../../../core/limits.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { revokeUserSessions } from '../../auth/sessions.ts';
import { User } from '../../models/User.ts';
import { inTransaction, type Services } from '../../services.ts';
import { createUser } from './createUser.ts';
import { passwordProblem, usernameProblem } from '../../../core/api/accountFields.ts';

/** What a newcomer sees on the first start of an empty site: there is no default account. */
export const FIRST_ADMIN_HINT = [
  'Folio has no users yet, and there is no default account. Create the first administrator in one of two ways:',
  "  1. start once with ADMIN_USERNAME and ADMIN_PASSWORD set, e.g.  ADMIN_USERNAME=admin ADMIN_PASSWORD='a long passphrase' npm start",
  '  2. or run  node bin/docs user add admin --admin  with the same DATA_DIR / DATABASE_URL as the server',
  'Then log in at /user/login.',
].join('\n');

/**
 * On first start, ADMIN_USERNAME/ADMIN_PASSWORD create the first administrator when the site has
 * none. There is never a built-in default password. If an ordinary account already has that
 * username, it is promoted and its password replaced by ADMIN_PASSWORD (its sessions end), so
 * whoever registered the name earlier does not inherit administrator rights with their own
 * password. Bad values stop the start with a message naming the variable.
 */
export async function ensureInitialAdmin(services: Services): Promise<'created' | 'promoted' | 'skipped' | 'no-users'> {
  const { ADMIN_USERNAME, ADMIN_PASSWORD } = services.config;
  if (!ADMIN_USERNAME || !ADMIN_PASSWORD) {
    if (await User.query(services.db).select('uid').first()) return 'skipped';
    // The log line is for log collectors; the caller prints FIRST_ADMIN_HINT as plain text for the person.
    services.logger.warn('Folio has no users yet: create the first administrator (see the hint on stderr)');
    return 'no-users';
  }
  const admins = await User.query(services.db).where({ groupid: UserGroup.ADMIN }).select('uid').first();
  if (admins) return 'skipped';
  const nameProblem = usernameProblem(ADMIN_USERNAME);
  if (nameProblem) throw new Error(`ADMIN_USERNAME: ${nameProblem}`);
  const pwProblem = passwordProblem(ADMIN_PASSWORD);
  if (pwProblem) throw new Error(`ADMIN_PASSWORD: ${pwProblem}`);

  const passwordHash = await hashPassword(ADMIN_PASSWORD);
  const outcome = await inTransaction(services, async (tx) => {
    const existing = await User.query(tx.db).where({ username: ADMIN_USERNAME }).select('uid').first();
    if (existing) {
      await User.query(tx.db).findById(existing.uid).patch({ groupid: UserGroup.ADMIN, password_hash: passwordHash });
      await revokeUserSessions(tx, existing.uid);
      return 'promoted' as const;
    }
    await createUser(tx, { username: ADMIN_USERNAME, password: '', passwordHash, groupid: UserGroup.ADMIN });
    return 'created' as const;
  });
  services.logger.info({ username: ADMIN_USERNAME, outcome }, 'initial administrator ensured');
  return outcome;
}
