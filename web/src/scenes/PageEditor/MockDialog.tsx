import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import { formProblems } from '../../lib/formProblems.ts';
import { notify } from '../../state/notify.ts';

interface Props {
  visible: boolean;
  onHide: () => void;
  pageId: number;
}

const EXAMPLE = '{\n  "code": 0,\n  "data": {\n    "id|1-100": 1,\n    "name": "@name"\n  }\n}';

/** The page's mock: a Mock.js template the server answers at a stable URL. */
export default function MockDialog({ visible, onHide, pageId }: Props) {
  const { t } = useTranslation('editor');
  const [template, setTemplate] = useState(EXAMPLE);
  const [key, setKey] = useState('');
  const [problem, setProblem] = useState('');
  useEffect(() => {
    if (!visible) return;
    call('mock/infoByPageId', { page_id: pageId }).then(
      (m) => {
        // `[]`: the page has no mock yet.
        if (Array.isArray(m)) return setKey('');
        setTemplate(m.template);
        setKey(m.unique_key);
      },
      () => undefined,
    );
  }, [visible, pageId]);

  const save = async () => {
    const input = { page_id: pageId, template };
    const found = formProblems('mock/add', input);
    setProblem(found.template ?? '');
    if (found.template) return;
    const answer = await call('mock/add', input);
    setKey(answer.unique_key);
    notify('success', t('mock.saved'));
  };
  const url = key ? `${window.location.origin}/server/mock-data/${encodeURIComponent(key)}` : '';

  return (
    <Dialog header={t('mock.title')} visible={visible} onHide={onHide} style={{ width: 'min(680px, 96vw)' }}>
      <p className="folio-muted">{t('mock.help')}</p>
      <label htmlFor="mock-template" className="pe-label">
        {t('mock.template')}
      </label>
      <InputTextarea
        id="mock-template"
        value={template}
        rows={12}
        className="pe-format-input"
        invalid={Boolean(problem)}
        aria-describedby={problem ? 'mock-template-error' : undefined}
        onChange={(e) => setTemplate(e.target.value)}
      />
      {problem && (
        <small id="mock-template-error" className="p-error" role="alert">
          {problem}
        </small>
      )}
      {url && (
        <>
          <label htmlFor="mock-url" className="pe-label">
            {t('mock.url')}
          </label>
          <InputText id="mock-url" value={url} readOnly style={{ width: '100%' }} onFocus={(e) => e.currentTarget.select()} />
        </>
      )}
      <div className="pe-dialog-actions">
        <Button label={t('common:actions.close')} text onClick={onHide} />
        <Button label={t('mock.save')} onClick={() => void save().catch(() => undefined)} />
      </div>
    </Dialog>
  );
}
