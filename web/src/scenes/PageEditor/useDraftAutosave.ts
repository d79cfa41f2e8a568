import { useEffect, useRef } from 'react';
import { DRAFT_AUTOSAVE_SECONDS } from '@core/limits';
import { saveDraft } from '../../lib/drafts.ts';

/**
 * Writes the editor text to the page's local draft every `seconds` (DRAFT_AUTOSAVE_SECONDS by
 * default) while it differs from what is saved. `content` may be a function when producing the
 * text is costly (the spreadsheet serialises its sheets only when the timer fires).
 */
export function useDraftAutosave(key: string, content: string | (() => string), saved: string, enabled: boolean, seconds = DRAFT_AUTOSAVE_SECONDS): void {
  const latest = useRef({ content, saved });
  latest.current = { content, saved };
  useEffect(() => {
    if (!enabled) return;
    const timer = window.setInterval(() => {
      const { content: current, saved: base } = latest.current;
      const now = typeof current === 'function' ? current() : current;
      if (now !== base) saveDraft(key, now);
    }, seconds * 1000);
    return () => window.clearInterval(timer);
  }, [key, enabled, seconds]);
}
