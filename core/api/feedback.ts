import { z } from 'zod';
import { MAX } from '../limits.ts';
import type { FeedbackList } from '../wire.ts';
import { contract, type FileAnswer } from './contract.ts';
import { preprocess, zId, zText } from './schema.ts';

/**
 * The `feedback/*` actions of `server/routes/api/feedback.ts`: readers answer "was this page
 * helpful?" (guests of public items too); the item's owners and managers read and export them.
 */

const zHelpful = preprocess(
  (v) => (typeof v === 'boolean' ? (v ? 1 : 0) : typeof v === 'string' ? Number(v.trim() || NaN) : v),
  z.union([z.literal(1), z.literal(0)], 'must be 1 (helpful) or 0 (not helpful)'),
);

export const feedbackSave = contract<{ helpful: number }>()(
  'feedback/save',
  z.object({ page_id: zId, helpful: zHelpful, note: zText(MAX.feedbackNote).optional().default(''), client_id: zText(100).optional() }),
);

/** The caller's own answer, for the widget to show it again (`helpful` -1: none yet). */
export const feedbackInfo = contract<{ helpful: number; note: string }>()('feedback/info', z.object({ page_id: zId, client_id: zText(100).optional() }));

export const feedbackList = contract<FeedbackList>()('feedback/list', z.object({ item_id: zId }));

/** The answers as a CSV download. */
export const feedbackExport = contract<FileAnswer>()('feedback/export', z.object({ item_id: zId }));
