import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { call } from '../../api/client.ts';
import type { ItemSummary } from '@core/wire';
import { FormField } from '../../components/FormField.tsx';
import { ItemNameFields } from '../../components/ItemFieldsForm.tsx';
import { useApiData } from '../../hooks/useApiData.ts';
import { useSubmit } from '../../hooks/useSubmit.ts';
import { firstFormProblem } from '../../lib/formProblems.ts';
import { itemPath } from '../../state/links.ts';
import { notify } from '../../state/notify.ts';

/** "Copy item" tab: one of my items, with a new name and description. */
export function CopyItemForm() {
  const { t } = useTranslation('items');
  const navigate = useNavigate();
  const { data: items } = useApiData(() => call('item/myList', {}), []);
  const [source, setSource] = useState<ItemSummary | null>(null);
  const [fields, setFields] = useState({ item_name: '', item_description: '' });

  const pick = (item: ItemSummary) => {
    setSource(item);
    setFields({ item_name: t('add.copyNameDefault', { name: item.item_name }), item_description: item.item_description ?? '' });
  };

  const { busy, error, onSubmit } = useSubmit(
    async () => {
      if (!source) return;
      const { item_id } = await call('item/add', {
        copy_item_id: source.item_id,
        item_name: fields.item_name.trim(),
        item_description: fields.item_description,
      });
      notify('success', t('add.created'));
      navigate(itemPath({ item_id }));
    },
    {
      validate: () => {
        if (!source) return t('common:errors.required', { field: t('add.copyFrom') });
        // The server's own rules for a copy (name required, lengths), worded with the fields' labels.
        return firstFormProblem('item/add', { copy_item_id: source.item_id, ...fields })?.message;
      },
    },
  );

  return (
    <form className="folio-form" onSubmit={onSubmit}>
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
      {/* Both checks (source, name) share one message, shown under the description. */}
      <ItemNameFields
        idPrefix="copy"
        values={fields}
        onChange={(patch) => setFields((f) => ({ ...f, ...patch }))}
        errors={{ description: error || undefined }}
      />
      <Button type="submit" label={t('add.copySubmit')} icon="pi pi-copy" loading={busy} />
    </form>
  );
}
