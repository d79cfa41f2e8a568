import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX } from '@core/limits';
import { feedbackApi } from '../../api/comment.ts';

/**
 * "Was this page helpful?" at the foot of a page: a yes/no vote, then an optional short note
 * sent with the same vote (the server counts one vote per reader). Anonymous readers too.
 */
export default function PageFeedback({ pageId }: { pageId: number }) {
  const { t } = useTranslation('comments');
  const [vote, setVote] = useState<0 | 1 | null>(null);
  const [note, setNote] = useState('');
  const [noteSent, setNoteSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const send = async (helpful: 0 | 1, withNote?: string) => {
    setBusy(true);
    try {
      await feedbackApi.save({ page_id: pageId, helpful, note: withNote });
      setVote(helpful);
      if (withNote) setNoteSent(true);
    } catch {
      // the client showed why (throttled, feedback switched off…)
    } finally {
      setBusy(false);
    }
  };
  const sendNote = (e: FormEvent) => {
    e.preventDefault();
    if (vote !== null && note.trim()) void send(vote, note.trim());
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
            <form className="cm-feedback-note" onSubmit={sendNote}>
              <InputText value={note} maxLength={MAX.feedbackNote} placeholder={t('feedback.notePlaceholder')} aria-label={t('feedback.notePlaceholder')} onChange={(e) => setNote(e.target.value)} />
              <Button type="submit" size="small" label={t('feedback.sendNote')} disabled={busy || !note.trim()} />
            </form>
          )}
        </div>
      )}
    </section>
  );
}
