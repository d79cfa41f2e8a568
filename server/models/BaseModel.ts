import type { Knex } from 'knex';
import { Model } from 'objection';

/**
 * The base of every Folio model.
 *
 * No model is ever bound to a global knex (`Model.knex(...)`): one process may run several
 * databases (the tests start several servers per process), and a query must run on the caller's
 * transaction. Every query passes its handle: `Page.query(tx.db)`.
 * A query without one fails loudly ("no database bound") instead of silently using another
 * database.
 *
 * Conventions of the schema (server/db/migrations): times are integer epoch seconds, flags are
 * 0/1 integers (`is_del`, `is_archived`, `is_read`), and `0` in `cat_id` / `parent_cat_id` means
 * the item root, so those are plain integers rather than foreign keys. Text columns holding JSON
 * (`pages.source_refs`, `pages.ext_info`, `options.option_value`) stay strings in the models: they
 * go to the wire or to the sync byte for byte, and the few readers parse them themselves.
 */
export class BaseModel extends Model {
  /** `first()` adds `LIMIT 1` like knex's does (objection's default fetches every row). */
  static override useLimitInFirst = true;

  /** No column is parsed as JSON (see above); objection would otherwise guess from a schema. */
  static override get jsonAttributes(): string[] {
    return [];
  }

  /**
   * The model's table as a plain knex builder on the caller's handle. For what objection does not
   * do on both engines — batch inserts, which it refuses on SQLite — and for the few hot reads
   * where building model instances measurably costs time (each such use says why, with the figure).
   * `alias` names the table in a join (`Page.knexTable(db, 'p')` reads `pages as p`).
   */
  static knexTable(db: Knex, alias?: string): Knex.QueryBuilder {
    return db(alias ? `${this.tableName} as ${alias}` : this.tableName);
  }
}
