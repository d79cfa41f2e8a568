import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX } from '@core/limits';

interface Props {
  /** Text the box starts with (editing). */
  initial?: string;
  placeholder: string;
  submitLabel: string;
  onSubmit: (content: string) => Promise<void>;
  onCancel?: () => void;
  autoFocus?: boolean;
}

/** A Markdown text box with send (and cancel): empty text is not sent, the box clears once saved. */
export default function CommentComposer({ initial = '', placeholder, submitLabel, onSubmit, onCancel, autoFocus }: Props) {
  const { t } = useTranslation('comments');
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim() || busy) return;
    setBusy(true);
    try {
      await onSubmit(text);
      setText('');
    } catch {
      // the client showed the server's message; the text stays for another try
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="cm-composer" onSubmit={(e) => void submit(e)}>
      <InputTextarea
        value={text}
        rows={3}
        autoResize
        maxLength={MAX.commentContent}
        autoFocus={autoFocus}
        placeholder={placeholder}
        aria-label={placeholder}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void submit(e);
        }}
      />
      <div className="cm-composer-actions">
        {onCancel && <Button type="button" size="small" text label={t('cancel')} onClick={onCancel} />}
        <Button type="submit" size="small" label={submitLabel} loading={busy} disabled={!text.trim()} />
      </div>
    </form>
  );
}
