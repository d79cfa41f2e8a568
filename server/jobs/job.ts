import type { Services } from '../services.ts';

/** A background job: runs every `everySeconds` on at most one instance (see `leases.ts`). */
export interface Job {
  name: string;
  everySeconds: number;
  run(services: Services): Promise<void>;
}
