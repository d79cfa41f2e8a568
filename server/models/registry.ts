import type { BaseModel } from './BaseModel.ts';

/**
 * Relations name their target model through this registry instead of importing it: models point
 * at each other in both directions (an item has pages, a page belongs to an item), and importing
 * each other would make import cycles. Every model file registers itself when loaded; objection
 * calls the `relationMappings` thunks on the first use of a relation, and `index.ts` (loaded by
 * services.ts) imports every model, so all are registered by then.
 */
const models = new Map<string, typeof BaseModel>();

export function registerModel(name: string, model: typeof BaseModel): void {
  models.set(name, model);
}

export function relatedModel(name: string): typeof BaseModel {
  const model = models.get(name);
  if (!model) throw new Error(`model ${name} is not registered: import server/models/index.ts`);
  return model;
}
