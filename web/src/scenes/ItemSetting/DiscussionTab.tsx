import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CommentSetting } from '@core/limits';
import type { ItemDetail } from '@core/wire';
import { call } from '../../api/client.ts';
import type { ItemSwitches } from '../../api/comment.ts';
import { FormField } from '../../components/FormField.tsx';
import { notify } from '../../state/notify.ts';
import { ShowDocCommentImport } from './ShowDocCommentImport.tsx';
import '../../components/Discussion/Discussion.css';

/**
 * ShowDoc's item switches (issue #24): who may comment (off / members / any logged-in reader),
 * the "Was this page helpful?" foot, and the watermark. Read from item/detail, saved by item/update.
 * Below them, the import of a ShowDoc item's comments.
 */
export function DiscussionTab({ item, onSaved }: { item: ItemDetail; onSaved: (switches: ItemSwitches) => void }) {
  const { t } = useTranslation('comments');
  const [values, setValues] = useState<ItemSwitches>({
    allow_comment: Number(item.allow_comment),
    allow_feedback: Number(item.allow_feedback),
    show_watermark: Number(item.show_watermark),
  });
  const [busy, setBusy] = useState(false);

  const who = [CommentSetting.OFF, CommentSetting.MEMBERS, CommentSetting.READERS].map((value) => ({ value, label: t(`settings.allowComment.${value}`) }));
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      // item/update takes the switches alone (every other field left out stays as it is).
      await call('item/update', { item_id: item.item_id, ...values });
      notify('success', t('common:saved'));
      onSaved(values);
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <form className="folio-form cm-settings" onSubmit={(e) => void save(e)}>
        <FormField label={t('settings.allowComment.label')} htmlFor="item-allow-comment">
          <Dropdown
            inputId="item-allow-comment"
            value={values.allow_comment}
            options={who}
            onChange={(e) => setValues({ ...values, allow_comment: e.value as number })}
          />
        </FormField>
        <div className="folio-check">
          <Checkbox
            inputId="item-allow-feedback"
            checked={!!values.allow_feedback}
            onChange={(e) => setValues({ ...values, allow_feedback: e.checked ? 1 : 0 })}
          />
          <label htmlFor="item-allow-feedback">{t('settings.allowFeedback')}</label>
        </div>
        <div className="folio-check">
          <Checkbox
            inputId="item-show-watermark"
            checked={!!values.show_watermark}
            onChange={(e) => setValues({ ...values, show_watermark: e.checked ? 1 : 0 })}
          />
          <label htmlFor="item-show-watermark">{t('settings.showWatermark')}</label>
        </div>
        <p className="folio-muted">{t('settings.watermarkHint')}</p>
        <Button type="submit" label={t('common:actions.save')} icon="pi pi-check" loading={busy} />
      </form>
      <ShowDocCommentImport itemId={item.item_id} />
    </>
  );
}
