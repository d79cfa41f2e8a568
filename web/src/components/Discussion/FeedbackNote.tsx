import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX } from '@core/limits';

/** The optional short note sent with a reader's vote. */
export default function FeedbackNote({ busy, onSend }: { busy: boolean; onSend: (note: string) => void }) {
  const { t } = useTranslation('comments');
  const [note, setNote] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (note.trim()) onSend(note.trim());
  };
  return (
    <form className="cm-feedback-note" onSubmit={submit}>
      <InputText
        value={note}
        maxLength={MAX.feedbackNote}
        placeholder={t('feedback.notePlaceholder')}
        aria-label={t('feedback.notePlaceholder')}
        onChange={(e) => setNote(e.target.value)}
      />
      <Button type="submit" size="small" label={t('feedback.sendNote')} disabled={busy || !note.trim()} />
    </form>
  );
}
