import type { Db } from './knex.ts';

interface Transactor {
  isTransaction?: boolean;
  parentTransaction?: Transactor;
  executionPromise?: Promise<unknown>;
}

/**
 * Runs `fn` once the outermost transaction `db` belongs to has committed (at once outside a
 * transaction; never when it rolls back). For effects others must not see before the data is
 * durable, e.g. publishing a live document update: a savepoint released inside an import that
 * later fails must not have reached anyone.
 */
export function afterCommit(db: Db, fn: () => void): void {
  let trx = db as unknown as Transactor;
  if (!trx.isTransaction) {
    fn();
    return;
  }
  while (trx.parentTransaction) trx = trx.parentTransaction;
  trx.executionPromise!.then(fn, () => undefined);
}
