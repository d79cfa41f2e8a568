import { Button } from 'primereact/button';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ImportAutoResult } from '@core/wire';
import { upload } from '../../api/client.ts';
import { ItemVisibilityFields } from '../../components/ItemFieldsForm.tsx';
import { useSubmit } from '../../hooks/useSubmit.ts';
import { firstFormProblem } from '../../lib/formProblems.ts';
import { itemPath } from '../../state/links.ts';
import { notify } from '../../state/notify.ts';

const ACCEPT = '.json,.yaml,.yml,.zip,application/json,application/zip';

/** "Import file" tab: one file to `import/auto`, then the new item opens. */
export function ImportFileForm() {
  const { t } = useTranslation('items');
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  // The new item gets the visibility chosen here (open by default, like a new item).
  const [visibility, setVisibility] = useState<{ is_private: 0 | 1; password: string }>({ is_private: 0, password: '' });
  const [passwordError, setPasswordError] = useState<string>();
  // An OpenAPI file that failed strict validation, or a zip some of whose entries were left out for
  // their names, imported all the same: the problems are shown before the item opens.
  const [warned, setWarned] = useState<ImportAutoResult | null>(null);
  const fields = () => ({ password: visibility.is_private ? visibility.password : '' });
  const { busy, onSubmit } = useSubmit(
    async () => {
      if (!file) return;
      const result = await upload('import/auto', fields(), { file }, { loading: true });
      notify('success', t('add.imported'));
      if (result.warnings?.length) setWarned(result);
      else navigate(itemPath({ item_id: result.item_id }));
    },
    {
      validate: () => {
        // import/auto's own rules (the password's length) first, then the form's: private needs a password.
        const problem =
          firstFormProblem('import/auto', fields())?.message ?? (visibility.is_private && !visibility.password ? t('form.privateNeedsPassword') : undefined);
        setPasswordError(problem);
        if (problem) notify('warn', problem);
        return problem;
      },
      // Spec §8: the message was shown; the file choice is cleared.
      onError: () => {
        setFile(null);
        if (input.current) input.current.value = '';
      },
    },
  );

  if (warned) return <ImportWarnings result={warned} onOpen={() => navigate(itemPath({ item_id: warned.item_id }))} />;

  return (
    <form className="folio-form" onSubmit={onSubmit}>
      <p>{t('add.importIntro')}</p>
      <p className="folio-muted">{t('add.importFormats')}</p>
      <div className="folio-file-pick">
        <input ref={input} id="import-file" type="file" accept={ACCEPT} className="visually-hidden" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        <label htmlFor="import-file" className="p-button p-button-outlined">
          <span className="pi pi-upload" aria-hidden="true" />
          <span>{t('add.importChoose')}</span>
        </label>
        <span className="folio-file-name">{file?.name}</span>
      </div>
      <ItemVisibilityFields idPrefix="import" values={visibility} onChange={(patch) => setVisibility((v) => ({ ...v, ...patch }))} error={passwordError} />
      <p className="folio-muted">{t('add.importHint')}</p>
      <Button type="submit" label={t('add.importSubmit')} icon="pi pi-file-import" loading={busy} disabled={!file} />
    </form>
  );
}

/**
 * The validation problems of an imported OpenAPI file (JSON pointer + message), or the entries of
 * a zip left out for their names (entry name + why), and the way on to the new item.
 */
function ImportWarnings({ result, onOpen }: { result: ImportAutoResult; onOpen: () => void }) {
  const { t } = useTranslation('items');
  const warnings = result.warnings ?? [];
  const total = result.warnings_total ?? warnings.length;
  const skipped = result.warnings_kind === 'skipped_entries';
  return (
    <section className="folio-form" aria-labelledby="import-warnings-title">
      <h3 id="import-warnings-title">{t(skipped ? 'add.importSkippedTitle' : 'add.importWarningsTitle', { count: total })}</h3>
      <p>{t(skipped ? 'add.importSkippedIntro' : 'add.importWarningsIntro')}</p>
      <ul className="folio-import-warnings">
        {warnings.map((w, i) => (
          <li key={i}>
            <code>{w.path}</code> {w.message}
          </li>
        ))}
      </ul>
      {total > warnings.length ? <p className="folio-muted">{t('add.importWarningsMore', { count: total - warnings.length })}</p> : null}
      <Button type="button" label={t('add.importOpenItem')} icon="pi pi-arrow-right" onClick={onOpen} autoFocus />
    </section>
  );
}
