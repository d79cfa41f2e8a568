import { ItemType } from '@core/limits';
import { Button } from 'primereact/button';
import { RadioButton } from 'primereact/radiobutton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { call } from '../../api/client.ts';
import { emptyItemForm, ItemFieldsForm, useItemFields } from '../../components/ItemFieldsForm.tsx';
import { useSubmit } from '../../hooks/useSubmit.ts';
import { firstFormProblem } from '../../lib/formProblems.ts';
import { itemPath } from '../../state/links.ts';
import { notify } from '../../state/notify.ts';

const TYPES = [
  { value: ItemType.REGULAR, key: 'regular', icon: 'pi pi-book' },
  { value: ItemType.SPREADSHEET, key: 'sheet', icon: 'pi pi-table' },
  { value: ItemType.SINGLE_PAGE, key: 'single', icon: 'pi pi-file' },
] as const;

/** "New item" tab: type, then the shared item fields. */
export function NewItemForm() {
  const { t } = useTranslation('items');
  const navigate = useNavigate();
  const [itemType, setItemType] = useState<number>(ItemType.REGULAR);
  const { values, setValues, problem, validate } = useItemFields(emptyItemForm, {
    contractProblem: (v) => firstFormProblem('item/add', { ...v, item_type: itemType }),
  });
  const { busy, onSubmit } = useSubmit(
    async () => {
      const item_domain = values.item_domain.trim();
      const { item_id } = await call('item/add', { ...values, item_name: values.item_name.trim(), item_domain, item_type: itemType });
      notify('success', t('add.created'));
      navigate(itemPath({ item_id, item_domain }));
    },
    { validate },
  );

  return (
    <form className="folio-form" onSubmit={onSubmit}>
      <fieldset className="folio-field folio-fieldset">
        <legend>{t('add.type')}</legend>
        <div className="folio-type-choices">
          {TYPES.map((type) => (
            <label key={type.value} className={`folio-type-choice${itemType === type.value ? ' is-selected' : ''}`}>
              <RadioButton
                inputId={`new-item-type-${type.key}`}
                name="new-item-type"
                value={type.value}
                checked={itemType === type.value}
                onChange={() => setItemType(type.value)}
              />
              <span className={type.icon} aria-hidden="true" />
              <span>
                <strong>{t(`add.types.${type.key}`)}</strong>
                <small className="folio-muted">{t(`add.types.${type.key}Hint`)}</small>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <ItemFieldsForm idPrefix="new-item" values={values} onChange={setValues} problem={problem} />
      <Button type="submit" label={t('add.submit')} icon="pi pi-check" loading={busy} />
    </form>
  );
}
