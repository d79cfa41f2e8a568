import type { Actor } from '../policies/actor.ts';
import { canGiveFeedback } from '../policies/comment.ts';
import type { Services } from '../services.ts';
import { loadReadablePage, type LoadedPage } from './pages.ts';
import { denials } from './denials.ts';

/** A page the caller may answer "was this page helpful?" on: readable, feedback on, not archived (10311), else 10313. */
export async function loadFeedbackPage(services: Pick<Services, 'db' | 'secret' | 'now'>, actor: Actor, pageId: number): Promise<LoadedPage> {
  const lp = await loadReadablePage(services, actor, pageId);
  if (!canGiveFeedback(lp.loaded.abilities, lp.topCatId, lp.loaded.item.allow_feedback)) {
    if (lp.loaded.abilities.archived) throw denials.itemArchived();
    if (!lp.loaded.item.allow_feedback) throw denials.feedbackOff();
    throw denials.noItemPermission();
  }
  return lp;
}
