import crypto from 'node:crypto';
import { z } from 'zod';
import { errors } from '../../../core/errors.ts';
import { action, type ActionDef } from '../../http/action.ts';
import { runDueJobs } from '../../jobs/runDueJobs.ts';

/**
 * `scriptCron/run`: runs the background jobs that are due, once (the login page fires it, and an
 * external cron may too). Public like ShowDoc's legacy server, since jobs only ever run when due
 * and under a lease; when CRON_TOKEN is configured, the `X-Cron-Token` header must match it.
 */
function cronTokenMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

export const scriptCronActions: ActionDef[] = [
  action({
    name: 'scriptCron/run',
    auth: 'public',
    writes: true,
    input: z.object({}),
    async handle({ services, koa }) {
      const expected = services.config.CRON_TOKEN;
      if (expected && !cronTokenMatches(expected, koa.get('x-cron-token'))) {
        throw errors.noPermission('scriptCron/run needs the X-Cron-Token header set to CRON_TOKEN', '需要与 CRON_TOKEN 一致的 X-Cron-Token 请求头');
      }
      await runDueJobs(services);
      return {};
    },
  }),
];
