import { MAX } from '@core/limits';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { RadioButton } from 'primereact/radiobutton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOKEN_SCOPES, tokenCreate, type TokenScope } from '@core/api/token';
import { useFieldProblems } from '../../hooks/useFieldProblems.ts';
import type { ItemSummary } from '@core/wire';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormField } from '../../components/FormField.tsx';
import { useSubmit } from '../../hooks/useSubmit.ts';
import { call } from '../../api/client.ts';

/** Expiry choices; 90 days is the default (issue #23), `never` only when the administrator allows it. */
const EXPIRY_DAYS = [30, 90, 365] as const;
type Expiry = (typeof EXPIRY_DAYS)[number] | 'custom' | 'never';
/** Longest custom lifetime offered (ten years); a longer-lived token should be a "never" the admin allows. */
const MAX_CUSTOM_DAYS = 3650;

interface Draft {
  name: string;
  scope: TokenScope;
  allItems: boolean;
  itemIds: number[];
  expiry: Expiry;
  customDays: number;
}
const EMPTY: Draft = { name: '', scope: 'read', allItems: true, itemIds: [], expiry: 90, customDays: 180 };

/** The new-token form; on success hands the once-shown secret to `onCreated`. */
export function CreateTokenDialog({
  visible,
  items,
  neverAllowed,
  onHide,
  onCreated,
}: {
  visible: boolean;
  items: ItemSummary[];
  neverAllowed: boolean;
  onHide: () => void;
  onCreated: (secret: { name: string; token: string }) => void;
}) {
  const { t } = useTranslation('tokens');
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const expiryOptions = [
    ...EXPIRY_DAYS.map((days) => ({ value: days as Expiry, label: t('expiry.days', { count: days }) })),
    { value: 'custom' as Expiry, label: t('expiry.custom') },
    ...(neverAllowed ? [{ value: 'never' as Expiry, label: t('expiry.never') }] : []),
  ];

  const close = () => {
    setError('');
    setDraft(EMPTY);
    onHide();
  };
  const form = useFieldProblems(tokenCreate.input);
  const input = () => ({
    name: draft.name.trim(),
    scope: draft.scope,
    item_ids: draft.allItems ? '' : draft.itemIds.join(','),
    expires_days: draft.expiry === 'never' ? 0 : draft.expiry === 'custom' ? draft.customDays : draft.expiry,
  });
  const { busy, error, setError, onSubmit } = useSubmit(
    async () => {
      const { name } = input();
      const { token } = await call('token/create', input(), { quiet: true });
      setDraft(EMPTY);
      onCreated({ name, token });
    },
    {
      inline: true,
      validate: () => {
        if (!draft.name.trim()) return t('errors.nameRequired');
        if (!draft.allItems && draft.itemIds.length === 0) return t('errors.itemsRequired');
        if (draft.expiry === 'custom' && !(draft.customDays >= 1 && draft.customDays <= MAX_CUSTOM_DAYS))
          return t('errors.customDays', { max: MAX_CUSTOM_DAYS });
        return form.check(input());
      },
    },
  );

  return (
    <FormDialog header={t('createTitle')} visible={visible} onHide={close} onSubmit={onSubmit} error={error} busy={busy} canSubmit={!!draft.name.trim()}>
      <FormField label={t('name')} htmlFor="token-name" hint={t('nameHint')} error={form.problems.name}>
        <InputText id="token-name" value={draft.name} onChange={(e) => set({ name: e.target.value })} maxLength={MAX.name} autoFocus autoComplete="off" />
      </FormField>
      <fieldset className="folio-field folio-fieldset">
        <legend>{t('scope')}</legend>
        <div className="folio-radio-row">
          {TOKEN_SCOPES.map((scope) => (
            <label key={scope}>
              <RadioButton inputId={`token-scope-${scope}`} name="token-scope" checked={draft.scope === scope} onChange={() => set({ scope })} />
              {t(`scopeChoices.${scope}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="folio-field folio-fieldset">
        <legend>{t('items')}</legend>
        <div className="folio-radio-row">
          <label>
            <RadioButton inputId="token-items-all" name="token-items" checked={draft.allItems} onChange={() => set({ allItems: true })} />
            {t('allMyItems')}
          </label>
          <label>
            <RadioButton inputId="token-items-some" name="token-items" checked={!draft.allItems} onChange={() => set({ allItems: false })} />
            {t('someItems')}
          </label>
        </div>
        {!draft.allItems && (
          <MultiSelect
            inputId="token-item-pick"
            aria-label={t('pickItems')}
            value={draft.itemIds}
            options={items.map((i) => ({ value: i.item_id, label: i.item_name }))}
            onChange={(e) => set({ itemIds: e.value as number[] })}
            placeholder={t('pickItems')}
            filter
            display="chip"
            className="folio-token-items"
          />
        )}
      </fieldset>
      <FormField label={t('expires')} htmlFor="token-expiry" hint={neverAllowed ? undefined : t('neverNotAllowed')}>
        <Dropdown inputId="token-expiry" value={draft.expiry} options={expiryOptions} onChange={(e) => set({ expiry: e.value as Expiry })} />
      </FormField>
      {draft.expiry === 'custom' && (
        <FormField label={t('expiry.customDays')} htmlFor="token-custom-days">
          <InputNumber
            inputId="token-custom-days"
            value={draft.customDays}
            onValueChange={(e) => set({ customDays: e.value ?? 0 })}
            useGrouping={false}
            min={1}
            max={MAX_CUSTOM_DAYS}
            suffix={` ${t('expiry.dayUnit')}`}
          />
        </FormField>
      )}
    </FormDialog>
  );
}
