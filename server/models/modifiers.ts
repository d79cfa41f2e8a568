import type { AnyQueryBuilder } from 'objection';

/**
 * The two filters nearly every query of an item's rows repeats, as objection modifiers: a model
 * whose table has the column lists them in `static modifiers`, and a query says
 * `Page.query(db).modify('inItem', itemId).modify('notDeleted')`. The column is qualified with
 * the query's table reference (its alias in a join), so a joined query stays unambiguous.
 * tests/unit/models.test.ts checks that every model with the column has the modifier.
 */
/** Live rows only (`is_del = 0`; a deleted page or item waits in the recycle bin). */
export function notDeleted(query: AnyQueryBuilder): void {
  void query.where(`${query.tableRefFor(query.modelClass())}.is_del`, 0);
}

/** The rows of one item. */
export function inItem(query: AnyQueryBuilder, itemId: number): void {
  void query.where(`${query.tableRefFor(query.modelClass())}.item_id`, itemId);
}

/** `static modifiers` of a model whose table has `item_id`. */
export const itemModifiers = { inItem };
