import { upload } from '../../api/client.ts';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ShowDocCommentImport as ImportResult } from '../../api/comment.ts';
import { FormField } from '../../components/FormField.tsx';
import { useSubmit } from '../../hooks/useSubmit.ts';

/** A ShowDoc item id: its address's number (digits only, not 0). */
const SHOWDOC_ID = /^[1-9]\d{0,15}$/;

/**
 * "Import comments from ShowDoc" (issue #24 part 8): ShowDoc's database file and the id of the
 * ShowDoc item to `comment/importShowDoc`, then how many threads and replies came over and which
 * ShowDoc pages found no page here. Shown in item settings, i.e. to the item's managers only.
 */
export function ShowDocCommentImport({ itemId }: { itemId: number }) {
  const { t } = useTranslation('comments');
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [showdocId, setShowdocId] = useState('');
  const [idError, setIdError] = useState<string>();
  const [result, setResult] = useState<{ id: string; answer: ImportResult } | null>(null);

  const { busy, error, onSubmit } = useSubmit(
    async () => {
      const answer = await upload('comment/importShowDoc', { item_id: itemId, showdoc_item_id: Number(showdocId) }, { file: file! }, { loading: true });
      // The result below says what came over (role=status); no toast, which on a phone covers the form.
      setResult({ id: showdocId, answer });
    },
    {
      // Both fields checked before the upload; the problem shows under its field (role=alert), not
      // as a toast too, which on a phone would cover the Import button.
      validate: () => {
        const idProblem = SHOWDOC_ID.test(showdocId.trim()) ? undefined : t('settings.showdocImport.itemIdInvalid');
        setIdError(idProblem);
        const problem = idProblem ?? (file ? undefined : t('settings.showdocImport.fileMissing'));
        return problem;
      },
      onError: () => setResult(null),
    },
  );

  return (
    <section className="folio-form cm-showdoc-import" aria-labelledby="showdoc-import-title">
      <h3 id="showdoc-import-title">{t('settings.showdocImport.title')}</h3>
      <p>{t('settings.showdocImport.intro')}</p>
      <p className="folio-muted">{t('settings.showdocImport.where')}</p>
      <form onSubmit={onSubmit} noValidate>
        <FormField label={t('settings.showdocImport.file')} htmlFor="showdoc-db-file" error={!idError && error ? error : undefined}>
          <div className="folio-file-pick">
            <input
              ref={input}
              id="showdoc-db-file"
              type="file"
              accept=".php,.db,.sqlite,.sqlite3"
              className="visually-hidden"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
            <label htmlFor="showdoc-db-file" className="p-button p-button-outlined">
              <span className="pi pi-upload" aria-hidden="true" />
              <span>{t('settings.showdocImport.choose')}</span>
            </label>
            <span className="folio-file-name">{file?.name ?? t('settings.showdocImport.noFile')}</span>
          </div>
        </FormField>
        <FormField label={t('settings.showdocImport.itemId')} htmlFor="showdoc-item-id" hint={t('settings.showdocImport.itemIdHint')} error={idError}>
          <InputText
            id="showdoc-item-id"
            inputMode="numeric"
            value={showdocId}
            invalid={!!idError}
            aria-invalid={!!idError}
            onChange={(e) => {
              setShowdocId(e.target.value);
              setIdError(undefined);
            }}
          />
        </FormField>
        <Button type="submit" label={t('settings.showdocImport.submit')} icon="pi pi-file-import" loading={busy} disabled={busy} />
      </form>
      {result && <ImportSummary id={result.id} answer={result.answer} />}
    </section>
  );
}

function ImportSummary({ id, answer }: { id: string; answer: ImportResult }) {
  const { t } = useTranslation('comments');
  const nothing = !answer.threads && !answer.replies && !answer.unmatched_pages.length;
  return (
    <div className="cm-showdoc-result" role="status">
      <p>{nothing ? t('settings.showdocImport.nothing', { id }) : t('settings.showdocImport.result', { threads: answer.threads, replies: answer.replies })}</p>
      {answer.unmatched_pages.length > 0 && (
        <>
          <p className="folio-muted">{t('settings.showdocImport.unmatched')}</p>
          <ul className="cm-showdoc-unmatched">
            {answer.unmatched_pages.map((title, i) => (
              <li key={i}>{title}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
