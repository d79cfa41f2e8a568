import * as contracts from '../../../core/api/scriptCron.ts';
import { requireCronToken } from '../../access/cronToken.ts';
import { action, type ActionDef } from '../../http/action.ts';
import { runDueJobs } from '../../jobs/runDueJobs.ts';

/**
 * `scriptCron/run`: runs the background jobs that are due, once (the login page fires it, and an
 * external cron may too). Public like ShowDoc's legacy server, since jobs only ever run when due
 * and under a lease; when CRON_TOKEN is configured, the `X-Cron-Token` header must match it.
 */
export const scriptCronActions: ActionDef[] = [
  action(contracts.scriptCronRun, {
    auth: 'public',
    writes: true,
    async handle({ services, koa }) {
      requireCronToken(services.config.CRON_TOKEN, koa.get('x-cron-token'));
      await runDueJobs(services);
      return {};
    },
  }),
];
