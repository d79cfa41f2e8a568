import { apiUrl, call, type CallOptions } from './client.ts';
import type { Id } from '@core/wire';

/**
 * Where an inline comment points: the text the reader selected in the rendered page and up to
 * ~32 characters of rendered text either side (to tell repeated quotes apart). Kept outside the
 * Markdown by the server.
 */
export interface CommentAnchor {
  quote: string;
  prefix: string;
  suffix: string;
}

/** A comment's fields shared by a thread's opening comment and its replies. */
export interface CommentBase {
  comment_id: number;
  /** Markdown, rendered and sanitised like a page. */
  content: string;
  author_uid: number;
  author_username: string;
  created_at: string | number;
  updated_at: string | number;
  can_edit: boolean;
  can_delete: boolean;
}

export interface CommentThread extends CommentBase {
  resolved: boolean | number;
  resolved_by?: string | number | null;
  /** The quoted text is no longer in the page: shown with the original quote. */
  outdated: boolean | number;
  anchor: CommentAnchor | string | null;
  can_resolve: boolean;
  replies: CommentBase[];
}

export interface CommentList {
  threads: CommentThread[];
  open_count: number;
  resolved_count: number;
  can_comment: boolean;
}

export type ThreadStatus = 'open' | 'resolved' | 'all';

export interface PageFeedback {
  page_id: number;
  page_title: string;
  helpful: number;
  unhelpful: number;
  notes: Array<{ helpful: number | boolean; note: string; created_at: string | number }>;
}

/** `comment/*`: threads on a page (issue #24). */
export const commentApi = {
  list: (page_id: Id, status: ThreadStatus, o?: CallOptions) => call<CommentList>('comment/list', { page_id, status }, o),
  save: (p: { page_id: Id; content: string; parent_id?: Id; comment_id?: Id; anchor?: CommentAnchor }, o?: CallOptions) =>
    call<{ comment_id: number }>('comment/save', p, o),
  resolve: (comment_id: Id, resolved: boolean) => call('comment/resolve', { comment_id, resolved: resolved ? 1 : 0 }),
  delete: (comment_id: Id) => call('comment/delete', { comment_id }),
};

/** `feedback/*`: "Was this page helpful?" votes and their notes. */
export const feedbackApi = {
  save: (p: { page_id: Id; helpful: 0 | 1; note?: string }, o?: CallOptions) => call('feedback/save', p, o),
  list: (item_id: Id) => call<{ pages: PageFeedback[] }>('feedback/list', { item_id }),
  exportUrl: (item_id: Id) => apiUrl('feedback/export', { item_id }),
};

/** The anchor as an object: the server may answer it as JSON text. */
export function anchorOf(thread: Pick<CommentThread, 'anchor'>): CommentAnchor | null {
  const raw = thread.anchor;
  if (!raw) return null;
  if (typeof raw === 'object') return raw.quote ? raw : null;
  try {
    const parsed = JSON.parse(raw) as CommentAnchor;
    return parsed && typeof parsed.quote === 'string' && parsed.quote ? { quote: parsed.quote, prefix: parsed.prefix ?? '', suffix: parsed.suffix ?? '' } : null;
  } catch {
    return null;
  }
}

/** ShowDoc's item switches of issue #24, as item/info carries them. */
export interface ItemSwitches {
  /** 0 off, 1 members, 2 any logged-in reader. */
  allow_comment: number;
  allow_feedback: number;
  show_watermark: number;
}

export const itemSwitchesApi = {
  save: (item_id: Id, switches: ItemSwitches) => call('item/update', { item_id, ...switches }),
};
