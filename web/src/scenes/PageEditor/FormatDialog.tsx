import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { useTranslation } from 'react-i18next';
import { beautifyJson, InvalidJsonError, jsonToMarkdownTable, tsvToMarkdownTable } from '../../lib/markdownTables.ts';

export type FormatMode = 'jsonTable' | 'beautify' | 'tsv';

interface Props {
  mode: FormatMode | null;
  onHide: () => void;
  onInsert: (markdown: string) => void;
}

/** Paste JSON or tab-separated text, get Markdown to insert at the cursor. */
export default function FormatDialog({ mode, onHide, onInsert }: Props) {
  const { t } = useTranslation('editor');
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  useEffect(() => {
    setText('');
    setError('');
  }, [mode]);

  const convert = () => {
    try {
      let out = '';
      if (mode === 'jsonTable') out = jsonToMarkdownTable(text, { name: t('format.colName'), type: t('format.colType'), remark: t('format.colRemark') });
      else if (mode === 'beautify') out = '```json\n' + beautifyJson(text) + '\n```\n';
      else out = tsvToMarkdownTable(text);
      onInsert(out);
      onHide();
    } catch (err) {
      if (err instanceof InvalidJsonError) setError(t('format.invalidJson'));
      else throw err;
    }
  };

  return (
    <Dialog header={mode ? t(`format.${mode}`) : ''} visible={!!mode} onHide={onHide} style={{ width: 'min(640px, 96vw)' }}>
      <label htmlFor="format-input" className="pe-label">
        {mode === 'tsv' ? t('format.tsvInput') : t('format.jsonInput')}
      </label>
      <InputTextarea
        id="format-input"
        value={text}
        rows={12}
        autoFocus
        className="pe-format-input"
        invalid={!!error}
        aria-describedby={error ? 'format-error' : undefined}
        onChange={(e) => {
          setText(e.target.value);
          setError('');
        }}
      />
      {error && (
        <small id="format-error" className="p-error" role="alert">
          {error}
        </small>
      )}
      <div className="pe-dialog-actions">
        <Button label={t('common:actions.cancel')} text onClick={onHide} />
        <Button label={t('format.insert')} onClick={convert} disabled={!text.trim()} />
      </div>
    </Dialog>
  );
}
