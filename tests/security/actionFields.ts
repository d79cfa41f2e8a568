import type { z } from 'zod';
import type { ActionDef } from '../../server/http/action.ts';

/**
 * The parameters of every action, read from its zod schema, for the hostile-input tests: the
 * route table is the list, so a new action or field is probed the day it is added.
 */

/** The parameter names an action's zod schema declares (objects, refined or piped). */
export function fieldsOf(schema: z.ZodType): string[] {
  const s = schema as unknown as { shape?: Record<string, unknown>; _zod: { def: { type: string; in?: z.ZodType } } };
  if (s.shape) return Object.keys(s.shape);
  if (s._zod.def.type === 'pipe' && s._zod.def.in) return fieldsOf(s._zod.def.in);
  return [];
}

/** Every field of every action, plus the search keyword and one undeclared parameter. */
export function fieldsToProbe(a: ActionDef): string[] {
  return [...new Set([...fieldsOf(a.input), 'keyword', 'extra_field'])];
}

/** Plausible values for the common parameters, so that only the poisoned field is wrong. */
export function validParams(world: { itemId: number; pageId: number; catId: number }): Record<string, string> {
  return {
    item_id: String(world.itemId),
    page_id: String(world.pageId),
    cat_id: String(world.catId),
    page_title: 'T',
    page_content: 'C',
    item_name: 'N',
    username: 'someone',
    keyword: 'k',
  };
}
