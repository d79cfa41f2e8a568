import type { Services } from '../services.ts';
import { jobs } from './registry.ts';
import { runDueJobs } from './runDueJobs.ts';
import { startWebhookDelivery } from './webhookDelivery.ts';

/** Starts the job timers and the webhook delivery poller; returns a function that stops them. */
export function startJobs(services: Services): () => void {
  const timers: NodeJS.Timeout[] = [];
  const stopWebhooks = startWebhookDelivery(services);
  for (const job of jobs) {
    const tick = async () => {
      try {
        await runDueJobs(services, [job]); // under the job's lease: one instance, once per interval
      } catch (err) {
        services.logger.error({ err, job: job.name }, 'job failed');
      }
    };
    timers.push(setInterval(tick, job.everySeconds * 1000).unref());
    setTimeout(tick, 5000).unref();
  }
  return () => {
    timers.forEach(clearInterval);
    stopWebhooks();
  };
}
