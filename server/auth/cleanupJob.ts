import type { Job } from '../jobs/job.ts';
import { deleteExpiredCaptchas } from '../captcha/captchas.ts';
import { deleteStaleFailures } from '../throttle/failureCounter.ts';
import { deleteExpiredSessions } from './sessions.ts';
import { PasswordReset } from '../models/PasswordReset.ts';

const DAY = 24 * 3600;

/**
 * Hourly sweep of dead account rows: expired sessions and captchas, failure counters a day past
 * their window, reset links a day past their expiry. Expired rows are already refused where they
 * are read, so this only keeps the tables small; it is idempotent.
 */
export const accountsCleanupJob: Job = {
  name: 'accounts-cleanup',
  everySeconds: 3600,
  async run(services) {
    const sessions = await deleteExpiredSessions(services);
    const captchas = await deleteExpiredCaptchas(services);
    const failures = await deleteStaleFailures(services, DAY);
    const resets = await PasswordReset.query(services.db)
      .where('expires_at', '<', services.now() - DAY)
      .delete();
    services.logger.debug({ sessions, captchas, failures, resets }, 'accounts cleanup');
  },
};
