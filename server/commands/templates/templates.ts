import { errors } from '../../../core/errors.ts';
import type { Deps } from '../../services.ts';
import { Template, type TemplateRow } from '../../models/Template.ts';

/** The user's own page templates, newest first. */
export async function listTemplates(deps: Deps, uid: number): Promise<TemplateRow[]> {
  return Template.query(deps.db).where({ uid }).orderBy('addtime', 'desc').orderBy('id', 'desc');
}

/** Creates a template, or updates one of the user's own when `id` is given (10101 otherwise). */
export async function saveTemplate(
  deps: Deps,
  input: { uid: number; username: string; id: number; template_title: string; template_content: string },
): Promise<{ id: number }> {
  const values = { template_title: input.template_title, template_content: input.template_content };
  if (input.id > 0) {
    const updated = await Template.query(deps.db).where({ id: input.id, uid: input.uid }).patch(values);
    if (!updated) throw errors.notFound('template');
    return { id: input.id };
  }
  const row = await Template.query(deps.db).insert({ ...values, uid: input.uid, username: input.username, addtime: deps.now() });
  return { id: row.id };
}

/** Deletes one of the user's own templates (10101 when it is not theirs or does not exist). */
export async function deleteTemplate(deps: Deps, input: { uid: number; id: number }): Promise<void> {
  const removed = await Template.query(deps.db).where({ id: input.id, uid: input.uid }).delete();
  if (!removed) throw errors.notFound('template');
}
