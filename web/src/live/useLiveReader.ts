import { useEffect, useState } from 'react';
import { useLocalPresence, useParticipants, type Participant } from './presence.ts';
import { useLiveDoc } from './useLiveDoc.ts';

/** Readers re-render the page at most this often while others type (Markdown rendering is not free). */
const RENDER_EVERY_MS = 300;

/**
 * The reader's live view of a page (issue #22): read-only, the text as the editors type it
 * (null until the first sync, or when the page is not live), and the people in the page.
 */
export function useLiveReader(pageId: number, shareKey?: string): { text: string | null; people: Participant[] } {
  const live = useLiveDoc(pageId, { shareKey });
  const session = live.kind === 'live' ? live.session : null;
  const synced = live.kind === 'live' && live.synced;
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    setText(null);
    if (!session || !synced) return;
    let timer = 0;
    const show = () => {
      timer = 0;
      setText(session.text.toString());
    };
    const later = () => {
      if (!timer) timer = window.setTimeout(show, RENDER_EVERY_MS);
    };
    show();
    session.text.observe(later);
    return () => {
      session.text.unobserve(later);
      window.clearTimeout(timer);
    };
  }, [session, synced]);
  useLocalPresence(session, 'view');
  const people = useParticipants(session?.provider.awareness);
  return { text, people };
}
