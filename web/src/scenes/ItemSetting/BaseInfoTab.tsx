import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import type { ItemDetail } from '@core/wire';
import { isOn } from '../../api/types.ts';
import { ItemFieldsForm, useItemFields } from '../../components/ItemFieldsForm.tsx';
import { useSubmit } from '../../hooks/useSubmit.ts';
import { firstFormProblem } from '../../lib/formProblems.ts';
import { notify } from '../../state/notify.ts';
import { LiveEditingSwitch } from './LiveEditingSwitch.tsx';

/** Tab 1: name, description, personalized domain, open or private (spec §2 "Item setting"); the live co-editing switch. */
export function BaseInfoTab({ item, onSaved }: { item: ItemDetail; onSaved: (item: ItemDetail) => void }) {
  const { t } = useTranslation('settings');
  const hasPassword = isOn(item.is_private);
  const { values, setValues, problem, validate } = useItemFields(
    () => ({
      item_name: item.item_name,
      item_description: item.item_description ?? '',
      item_domain: item.item_domain ?? '',
      is_private: hasPassword ? 1 : 0,
      password: '',
    }),
    { hasPassword, contractProblem: (v) => firstFormProblem('item/update', { ...v, item_id: item.item_id }) },
  );
  const { busy, onSubmit } = useSubmit(
    async () => {
      // Domain taken (10304) or invalid (10305) come back as messages from the client.
      const saved = await call('item/update', { ...values, item_id: item.item_id, item_name: values.item_name.trim(), item_domain: values.item_domain.trim() });
      notify('success', t('common:saved'));
      setValues((v) => ({ ...v, password: '' }));
      onSaved(saved);
    },
    { validate },
  );

  return (
    <>
      <form className="folio-form" onSubmit={onSubmit}>
        <ItemFieldsForm idPrefix="item-setting" values={values} onChange={setValues} problem={problem} hasPassword={hasPassword} />
        <Button type="submit" label={t('common:actions.save')} icon="pi pi-check" loading={busy} />
      </form>
      <LiveEditingSwitch item={item} onSaved={(s) => onSaved({ ...item, ...s })} />
    </>
  );
}
