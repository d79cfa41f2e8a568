import { useEffect, useMemo } from 'react';
import type { CollabBinding } from '../../components/MarkdownEditor/MarkdownEditor.tsx';
import { useLocalPresence, useParticipants, type Participant } from '../../live/presence.ts';
import type { LiveState } from '../../live/useLiveDoc.ts';

/**
 * The editor's side of a live page (issue #22): the shared text mirrored into the editor's fields
 * (preview, HTTP test, templates read them), the binding the CodeMirror editor takes once the
 * first sync is done, this user's presence and the people in the page. Null-safe for the classic editor.
 */
export function useLivePage(live: LiveState | null, setContent: (text: string) => void): { binding: CollabBinding | null; people: Participant[] } {
  const session = live?.session ?? null;
  const synced = !!live?.synced;
  useEffect(() => {
    if (!session) return;
    const mirror = () => setContent(session.text.toString());
    session.text.observe(mirror);
    if (synced) mirror();
    return () => session.text.unobserve(mirror);
  }, [session, synced, setContent]);

  const binding = useMemo(() => (session && synced ? { text: session.text, awareness: session.provider.awareness } : null), [session, synced]);
  const mode = live?.mode ?? 'view';
  useLocalPresence(session?.provider.awareness, session?.user, mode);
  const people = useParticipants(session?.provider.awareness);

  return { binding, people };
}
