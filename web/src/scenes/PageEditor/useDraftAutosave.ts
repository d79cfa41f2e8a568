import { useEffect, useRef } from 'react';
import { DRAFT_AUTOSAVE_SECONDS } from '@core/limits';
import { saveDraft } from '../../lib/drafts.ts';

/** Writes the editor text to the page's local draft every DRAFT_AUTOSAVE_SECONDS while it differs from what is saved. */
export function useDraftAutosave(key: string, content: string, saved: string, enabled: boolean): void {
  const latest = useRef({ content, saved });
  latest.current = { content, saved };
  useEffect(() => {
    if (!enabled) return;
    const timer = window.setInterval(() => {
      const { content: now, saved: base } = latest.current;
      if (now !== base) saveDraft(key, now);
    }, DRAFT_AUTOSAVE_SECONDS * 1000);
    return () => window.clearInterval(timer);
  }, [key, enabled]);
}
