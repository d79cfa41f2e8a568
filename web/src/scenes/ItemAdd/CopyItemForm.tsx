import { MAX } from '@core/limits';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { itemApi } from '../../api/item.ts';
import type { ItemSummary } from '../../api/types.ts';
import { FormField } from '../../components/FormField.tsx';
import { useApiData } from '../../hooks/useApiData.ts';
import { itemPath } from '../../state/links.ts';
import { notify } from '../../state/notify.ts';

/** "Copy item" tab: one of my items, with a new name and description. */
export function CopyItemForm() {
  const { t } = useTranslation('items');
  const navigate = useNavigate();
  const { data: items } = useApiData(() => itemApi.myList(), []);
  const [source, setSource] = useState<ItemSummary | null>(null);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const pick = (item: ItemSummary) => {
    setSource(item);
    setName(t('add.copyNameDefault', { name: item.item_name }));
    setDescription(item.item_description ?? '');
  };

  const submit = async () => {
    if (!source) return setError(t('common:errors.required', { field: t('add.copyFrom') }));
    if (!name.trim()) return setError(t('common:errors.required', { field: t('form.name') }));
    setError('');
    setBusy(true);
    try {
      const { item_id } = await itemApi.copy({ copy_item_id: source.item_id, item_name: name.trim(), item_description: description });
      notify('success', t('add.created'));
      navigate(itemPath({ item_id }));
    } catch {
      /* shown by the client */
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="folio-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <FormField label={t('add.copyFrom')} htmlFor="copy-source" hint={t('add.copyHint')}>
        <Dropdown
          inputId="copy-source"
          value={source}
          options={items ?? []}
          optionLabel="item_name"
          placeholder={t('add.copyPick')}
          filter={(items?.length ?? 0) > 9}
          onChange={(e) => pick(e.value as ItemSummary)}
        />
      </FormField>
      <FormField label={t('form.name')} htmlFor="copy-name">
        <InputText id="copy-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={MAX.itemName} />
      </FormField>
      <FormField label={t('form.description')} htmlFor="copy-description" error={error || undefined}>
        <InputTextarea id="copy-description" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={MAX.itemDescription} rows={3} autoResize />
      </FormField>
      <Button type="submit" label={t('add.copySubmit')} icon="pi pi-copy" loading={busy} />
    </form>
  );
}
