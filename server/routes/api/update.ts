import * as contracts from '../../../core/api/update.ts';
import { action, type ActionDef } from '../../http/action.ts';

/**
 * `update/checkDb`: how many migrations are waiting. The server migrates on start (`docs serve`
 * and `docs migrate`), so this is normally 0; ShowDoc's login page calls it on every visit.
 */
export const updateActions: ActionDef[] = [
  action(contracts.updateCheckDb, {
    auth: 'public',
    writes: false,
    async handle({ services }) {
      const [, pending] = (await services.db.migrate.list()) as [unknown[], unknown[]];
      return { pending_migrations: pending.length };
    },
  }),
];
