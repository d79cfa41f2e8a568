import { deliverDueWebhooks } from '../commands/webhooks/deliver.ts';
import type { Services } from '../services.ts';

/** How often each process looks for due webhook deliveries. */
const WEBHOOK_POLL_SECONDS = 3;

/**
 * Unlike the leased jobs, every server process polls the delivery queue: each delivery is
 * claimed row by row (deliver.ts), so processes share the work and never post one twice.
 * One poll at a time per process. Returns a function that stops polling.
 */
export function startWebhookDelivery(services: Services, everySeconds = WEBHOOK_POLL_SECONDS): () => void {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await deliverDueWebhooks(services);
    } catch (err) {
      services.logger.error({ err }, 'webhook delivery poll failed');
    } finally {
      running = false;
    }
  }, everySeconds * 1000).unref();
  return () => clearInterval(timer);
}
