/**
 * Local drafts of the Markdown editor, kept in localStorage per page (new pages per item), so a
 * crash or a closed tab loses at most DRAFT_AUTOSAVE_SECONDS of typing.
 */

/** Drafts this short are noise (an accidental keystroke), not work worth offering back. */
const MIN_DRAFT_LENGTH = 10;

export function draftKey(itemId: number | string, pageId: number | string): string {
  return Number(pageId) > 0 ? `folio_draft_page_${pageId}` : `folio_draft_new_${itemId}`;
}

export function saveDraft(key: string, content: string): void {
  try {
    localStorage.setItem(key, content);
  } catch {
    // Storage full or disabled (private mode): drafts are a convenience, never a blocker.
  }
}

export function loadDraft(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function clearDraft(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    /* see saveDraft */
  }
}

/** Spec §4: offer a draft only when it is longer than 10 characters and differs from the page. */
export function shouldOfferDraft(draft: string | null, saved: string): draft is string {
  return draft != null && draft.length > MIN_DRAFT_LENGTH && draft !== saved;
}
