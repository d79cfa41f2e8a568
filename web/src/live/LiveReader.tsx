import { useEffect } from 'react';
import PresenceBar from './PresenceBar.tsx';
import { useLiveReader } from './useLiveReader.ts';

/**
 * The reader's live connection (issue #22), a chunk of its own (Yjs and the provider) loaded after
 * the page has rendered: it hands the text up as editors type it and shows the people in the page.
 */
export default function LiveReader({ pageId, shareKey, onText }: { pageId: number; shareKey?: string; onText: (text: string | null) => void }) {
  const live = useLiveReader(pageId, shareKey);
  useEffect(() => onText(live.text), [live.text, onText]);
  useEffect(() => () => onText(null), [onText]);
  return <PresenceBar people={live.people} />;
}
