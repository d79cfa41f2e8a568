import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import type { Template } from '@core/wire';
import { askConfirm } from '../../lib/confirm.ts';

interface Props {
  visible: boolean;
  onHide: () => void;
  onInsert: (content: string) => void;
}

/** The user's saved templates: insert one at the cursor, or delete it. */
export default function TemplatesDialog({ visible, onHide, onInsert }: Props) {
  const { t } = useTranslation('editor');
  const [list, setList] = useState<Template[] | null>(null);
  const load = () =>
    call('template/getList', {}).then(
      (l) => setList(l ?? []),
      () => setList([]),
    );
  useEffect(() => {
    if (visible) void load();
  }, [visible]);

  const remove = async (tpl: Template) => {
    if (!(await askConfirm(t('templates.deleteConfirm', { title: tpl.template_title })))) return;
    await call('template/delete', { id: tpl.id });
    await load();
  };

  return (
    <Dialog header={t('templates.title')} visible={visible} onHide={onHide} style={{ width: 'min(600px, 96vw)' }} dismissableMask>
      {list && list.length === 0 && <p className="folio-muted">{t('templates.none')}</p>}
      <ul className="pe-template-list">
        {list?.map((tpl) => (
          <li key={String(tpl.id)}>
            <span className="pe-template-title">{tpl.template_title}</span>
            <span className="folio-muted">{tpl.addtime}</span>
            <Button
              size="small"
              label={t('templates.insert')}
              aria-label={t('templates.insertNamed', { title: tpl.template_title })}
              onClick={() => {
                onInsert(tpl.template_content);
                onHide();
              }}
            />
            <Button
              size="small"
              text
              severity="danger"
              icon="pi pi-trash"
              aria-label={t('templates.deleteNamed', { title: tpl.template_title })}
              onClick={() => void remove(tpl)}
            />
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
