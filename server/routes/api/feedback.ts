import { loadFeedbackPage } from '../../access/feedback.ts';
import { existingReaderKey, readerKey } from '../../access/readerCookie.ts';
import { feedbackCsv, listFeedback, readerAnswer, saveFeedback } from '../../commands/feedback/feedback.ts';
import * as contracts from '../../../core/api/feedback.ts';
import { action, raw, type ActionDef } from '../../http/action.ts';
import { actorUid } from '../../policies/actor.ts';
import { spendRateBudget } from '../../throttle/rateLimit.ts';

/**
 * `feedback/*` (issue #24 part 5): readers answer "was this page helpful?" (guests of public
 * items too), the item's owners and managers read the answers and export them as CSV.
 */
/** Answers one address may send per minute (an office behind one address has many readers). */
export const FEEDBACK_PER_IP_PER_MINUTE = 60;
/** Answers one reader (user or anonymous cookie) may send per minute. */
export const FEEDBACK_PER_READER_PER_MINUTE = 10;

export const feedbackActions: ActionDef[] = [
  action(contracts.feedbackSave, {
    auth: 'public',
    writes: true,
    async handle({ input, actor, services, koa, ip }) {
      const lp = await loadFeedbackPage(services, actor, input.page_id);
      await spendRateBudget(services, `feedback:ip:${ip}`, FEEDBACK_PER_IP_PER_MINUTE, 60);
      const reader = readerKey(koa, actor, input.client_id || undefined);
      await spendRateBudget(services, `feedback:reader:${reader}`, FEEDBACK_PER_READER_PER_MINUTE, 60);
      return saveFeedback(services, { page: lp.page, readerKey: reader, uid: actorUid(actor), helpful: input.helpful === 1, note: input.note.trim() });
    },
  }),

  action(contracts.feedbackInfo, {
    // The caller's own answer, for the widget to show it again (`helpful` -1: none yet).
    auth: 'public',
    writes: false,
    async handle({ input, actor, services, koa }) {
      const lp = await loadFeedbackPage(services, actor, input.page_id);
      return readerAnswer(services, lp.page.page_id, existingReaderKey(koa, actor, input.client_id || undefined));
    },
  }),

  action(contracts.feedbackList, {
    auth: 'user',
    writes: false,
    load: { item: { param: 'item_id', need: 'manage' } },
    async handle({ services, loaded: { item: loaded } }) {
      return listFeedback(services, loaded.item.item_id);
    },
  }),

  action(contracts.feedbackExport, {
    auth: 'user',
    writes: false,
    load: { item: { param: 'item_id', need: 'manage' } },
    async handle({ services, loaded: { item: loaded } }) {
      const csv = await feedbackCsv(await listFeedback(services, loaded.item.item_id), services.config.TIMEZONE);
      return raw(csv, {
        type: 'text/csv; charset=utf-8',
        headers: { 'Content-Disposition': `attachment; filename="feedback-${loaded.item.item_id}.csv"`, 'Cache-Control': 'no-store' },
      });
    },
  }),
];
