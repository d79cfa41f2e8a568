import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Id } from '@core/wire';
import { itemApi } from '../../api/item.ts';
import { itemSwitchesApi, type ItemSwitches } from '../../api/comment.ts';
import { FormField } from '../../components/FormField.tsx';
import { useApiData } from '../../hooks/useApiData.ts';
import '../../components/Discussion/Discussion.css';
import { notify } from '../../state/notify.ts';

/**
 * ShowDoc's item switches (issue #24): who may comment (off / members / any logged-in reader),
 * the "Was this page helpful?" foot, and the watermark. Read from item/info, saved by item/update.
 */
export function DiscussionTab({ itemId }: { itemId: Id }) {
  const { t } = useTranslation('comments');
  const info = useApiData(() => itemApi.info({ item_id: itemId }), [itemId]);
  const [values, setValues] = useState<ItemSwitches | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (info.data) setValues({ allow_comment: Number(info.data.allow_comment) || 0, allow_feedback: Number(info.data.allow_feedback) || 0, show_watermark: Number(info.data.show_watermark) || 0 });
  }, [info.data]);
  if (!values) return null;

  const who = [0, 1, 2].map((value) => ({ value, label: t(`settings.allowComment.${value}`) }));
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await itemSwitchesApi.save(itemId, values);
      notify('success', t('common:saved'));
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="folio-form cm-settings" onSubmit={(e) => void save(e)}>
      <FormField label={t('settings.allowComment.label')} htmlFor="item-allow-comment">
        <Dropdown inputId="item-allow-comment" value={values.allow_comment} options={who} onChange={(e) => setValues({ ...values, allow_comment: e.value as number })} />
      </FormField>
      <div className="folio-check">
        <Checkbox inputId="item-allow-feedback" checked={!!values.allow_feedback} onChange={(e) => setValues({ ...values, allow_feedback: e.checked ? 1 : 0 })} />
        <label htmlFor="item-allow-feedback">{t('settings.allowFeedback')}</label>
      </div>
      <div className="folio-check">
        <Checkbox inputId="item-show-watermark" checked={!!values.show_watermark} onChange={(e) => setValues({ ...values, show_watermark: e.checked ? 1 : 0 })} />
        <label htmlFor="item-show-watermark">{t('settings.showWatermark')}</label>
      </div>
      <p className="folio-muted">{t('settings.watermarkHint')}</p>
      <Button type="submit" label={t('common:actions.save')} icon="pi pi-check" loading={busy} />
    </form>
  );
}
