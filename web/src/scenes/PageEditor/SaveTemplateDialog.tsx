import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { MAX } from '@core/limits';
import { call } from '../../api/client.ts';
import { formProblems } from '../../lib/formProblems.ts';
import { notify } from '../../state/notify.ts';

interface Props {
  visible: boolean;
  onHide: () => void;
  defaultTitle: string;
  content: string;
}

/** "Save as template": the current text under a title of the user's choice. */
export default function SaveTemplateDialog({ visible, onHide, defaultTitle, content }: Props) {
  const { t } = useTranslation('editor');
  const [title, setTitle] = useState(defaultTitle);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<Partial<Record<string, string>>>({});
  useEffect(() => {
    setTitle(defaultTitle);
    setProblems({});
  }, [defaultTitle, visible]);

  const save = async () => {
    const input = { template_title: title.trim(), template_content: content };
    const found = formProblems('template/save', input);
    setProblems(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await call('template/save', input);
      notify('success', t('templates.saved'));
      onHide();
    } catch {
      /* message shown by the client */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog header={t('templates.saveTitle')} visible={visible} onHide={onHide} style={{ width: 'min(460px, 94vw)' }}>
      <label htmlFor="template-title" className="pe-label">
        {t('templates.name')}
      </label>
      <InputText
        id="template-title"
        value={title}
        maxLength={MAX.templateTitle}
        invalid={Boolean(problems.template_title)}
        aria-describedby={problems.template_title ? 'template-title-error' : undefined}
        onChange={(e) => setTitle(e.target.value)}
        style={{ width: '100%' }}
      />
      {(problems.template_title || problems.template_content) && (
        <small id="template-title-error" className="p-error" role="alert">
          {problems.template_title ?? problems.template_content}
        </small>
      )}
      <div className="pe-dialog-actions">
        <Button label={t('common:actions.cancel')} text onClick={onHide} />
        <Button label={t('common:actions.save')} loading={busy} disabled={!title.trim()} onClick={() => void save()} />
      </div>
    </Dialog>
  );
}
