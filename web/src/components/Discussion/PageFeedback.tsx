import { call } from '../../api/client.ts';
import { Button } from 'primereact/button';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The note box comes after a vote: not part of the reader route's first download.
const FeedbackNote = lazy(() => import('./FeedbackNote.tsx'));

/**
 * "Was this page helpful?" at the foot of a page: a yes/no vote, then an optional short note
 * sent with the same vote (the server counts one vote per reader). Anonymous readers too.
 */
export default function PageFeedback({ pageId }: { pageId: number }) {
  const { t } = useTranslation('comments');
  const [vote, setVote] = useState<0 | 1 | null>(null);
  const [noteSent, setNoteSent] = useState(false);
  const [busy, setBusy] = useState(false);

  // A reader who answered before sees that it was recorded (and may still add a note).
  useEffect(() => {
    let live = true;
    call('feedback/info', { page_id: pageId }, { quiet: true }).then(
      (mine) => {
        if (!live || (mine.helpful !== 0 && mine.helpful !== 1)) return;
        setVote(mine.helpful);
        setNoteSent(!!mine.note);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [pageId]);

  const send = async (helpful: 0 | 1, withNote?: string) => {
    setBusy(true);
    try {
      await call('feedback/save', { page_id: pageId, helpful, note: withNote });
      setVote(helpful);
      if (withNote) setNoteSent(true);
    } catch {
      // the client showed why (throttled, feedback switched off…)
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="cm-feedback" aria-label={t('feedback.question')}>
      {vote === null ? (
        <>
          <span className="cm-feedback-question">{t('feedback.question')}</span>
          <Button type="button" size="small" outlined icon="pi pi-thumbs-up" label={t('feedback.yes')} disabled={busy} onClick={() => void send(1)} />
          <Button type="button" size="small" outlined icon="pi pi-thumbs-down" label={t('feedback.no')} disabled={busy} onClick={() => void send(0)} />
        </>
      ) : (
        <div className="cm-feedback-done">
          <p role="status">
            <i className="pi pi-check-circle" aria-hidden /> {noteSent ? t('feedback.noteThanks') : t('feedback.thanks')}
          </p>
          {!noteSent && (
            <Suspense fallback={null}>
              <FeedbackNote busy={busy} onSend={(note) => vote !== null && void send(vote, note)} />
            </Suspense>
          )}
        </div>
      )}
    </section>
  );
}
