import { MAX } from '@core/limits';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Password } from 'primereact/password';
import { RadioButton } from 'primereact/radiobutton';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../state/notify.ts';
import { FormField } from './FormField.tsx';

/**
 * Name, description, personalized domain and visibility of an item: one form for "new item" and
 * the base-info tab of the item settings, with one validation (spec §5).
 */
export interface ItemFormValues {
  item_name: string;
  item_description: string;
  item_domain: string;
  /** 0 open (clears the password, spec §4); 1 private: a new password, or empty to keep the current one. */
  is_private: 0 | 1;
  password: string;
}
export const emptyItemForm = (): ItemFormValues => ({ item_name: '', item_description: '', item_domain: '', is_private: 0, password: '' });

const DOMAIN_PATTERN = /^[A-Za-z0-9]*$/;

/** The first problem with the values, as a message for the user; '' when they are fine. */
function itemFormProblem(v: ItemFormValues, t: TFunction, opts: { hasPassword?: boolean } = {}): { field: string; message: string } | null {
  if (!v.item_name.trim()) return { field: 'item_name', message: t('common:errors.required', { field: t('items:form.name') }) };
  if (!DOMAIN_PATTERN.test(v.item_domain.trim())) return { field: 'item_domain', message: t('items:form.domainInvalid') };
  if (v.is_private && !v.password && !opts.hasPassword) return { field: 'password', message: t('items:form.privateNeedsPassword') };
  return null;
}

type ItemFormProblem = ReturnType<typeof itemFormProblem>;

/**
 * The state of an item form: values, the problem shown at its field, and `validate` for
 * `useSubmit` (a missing password of a private item is also asked for in an alert, spec §5).
 */
export function useItemFields(
  initial: () => ItemFormValues,
  opts: {
    hasPassword?: boolean;
    /** What the action's contract refuses in the values (`firstFormProblem`), checked first: the server's own rules. */
    contractProblem: (values: ItemFormValues) => ItemFormProblem;
  },
) {
  const { t } = useTranslation('items');
  const [values, setValues] = useState(initial);
  const [problem, setProblem] = useState<ItemFormProblem>(null);
  const validate = () => {
    const found = opts.contractProblem(values) ?? itemFormProblem(values, t, opts);
    setProblem(found);
    if (found?.field === 'password') notify('warn', found.message);
    return found?.message;
  };
  return { values, setValues, problem, validate };
}

type NameValues = Pick<ItemFormValues, 'item_name' | 'item_description'>;

/** Name and description of an item: the whole form of "copy item", the start of the others. */
export function ItemNameFields({
  idPrefix,
  values,
  onChange,
  errors = {},
}: {
  idPrefix: string;
  values: NameValues;
  onChange: (patch: Partial<NameValues>) => void;
  errors?: { name?: string; description?: string };
}) {
  const { t } = useTranslation('items');
  return (
    <>
      <FormField label={t('form.name')} htmlFor={`${idPrefix}-name`} error={errors.name}>
        <InputText
          id={`${idPrefix}-name`}
          value={values.item_name}
          onChange={(e) => onChange({ item_name: e.target.value })}
          maxLength={MAX.itemName}
          invalid={!!errors.name}
        />
      </FormField>
      <FormField label={t('form.description')} htmlFor={`${idPrefix}-description`} error={errors.description}>
        <InputTextarea
          id={`${idPrefix}-description`}
          value={values.item_description}
          onChange={(e) => onChange({ item_description: e.target.value })}
          maxLength={MAX.itemDescription}
          rows={3}
          autoResize
        />
      </FormField>
    </>
  );
}

export function ItemFieldsForm({
  idPrefix,
  values,
  onChange,
  problem,
  hasPassword,
}: {
  idPrefix: string;
  values: ItemFormValues;
  onChange: (v: ItemFormValues) => void;
  problem?: ItemFormProblem;
  /** Editing a private item: an empty password keeps the current one. */
  hasPassword?: boolean;
}) {
  const { t } = useTranslation('items');
  const set = <K extends keyof ItemFormValues>(key: K, value: ItemFormValues[K]) => onChange({ ...values, [key]: value });
  const errorOf = (field: keyof ItemFormValues) => (problem?.field === field ? problem.message : undefined);
  return (
    <>
      <ItemNameFields idPrefix={idPrefix} values={values} onChange={(patch) => onChange({ ...values, ...patch })} errors={{ name: errorOf('item_name') }} />
      <FormField
        label={t('form.domain')}
        htmlFor={`${idPrefix}-domain`}
        hint={t('form.domainHint', { origin: window.location.origin })}
        error={errorOf('item_domain')}
      >
        <InputText
          id={`${idPrefix}-domain`}
          value={values.item_domain}
          onChange={(e) => set('item_domain', e.target.value)}
          maxLength={MAX.itemDomain}
          invalid={!!errorOf('item_domain')}
        />
      </FormField>
      <ItemVisibilityFields
        idPrefix={idPrefix}
        values={values}
        onChange={(patch) => onChange({ ...values, ...patch })}
        error={errorOf('password')}
        hasPassword={hasPassword}
      />
    </>
  );
}

type VisibilityValues = Pick<ItemFormValues, 'is_private' | 'password'>;

/** Open or private with a visit password: part of the item form and of the import form. */
export function ItemVisibilityFields({
  idPrefix,
  values,
  onChange,
  error,
  hasPassword,
}: {
  idPrefix: string;
  values: VisibilityValues;
  onChange: (patch: Partial<VisibilityValues>) => void;
  error?: string;
  hasPassword?: boolean;
}) {
  const { t } = useTranslation('items');
  return (
    <>
      <fieldset className="folio-field folio-fieldset">
        <legend>{t('form.visibility')}</legend>
        <div className="folio-radio-row">
          <label>
            <RadioButton
              inputId={`${idPrefix}-open`}
              name={`${idPrefix}-visibility`}
              checked={!values.is_private}
              onChange={() => onChange({ is_private: 0, password: '' })}
            />
            {t('form.open')}
          </label>
          <label>
            <RadioButton
              inputId={`${idPrefix}-private`}
              name={`${idPrefix}-visibility`}
              checked={!!values.is_private}
              onChange={() => onChange({ is_private: 1 })}
            />
            {t('form.private')}
          </label>
        </div>
      </fieldset>
      {!!values.is_private && (
        <FormField label={t('form.password')} htmlFor={`${idPrefix}-password`} hint={hasPassword ? t('form.passwordKeep') : undefined} error={error}>
          <Password
            inputId={`${idPrefix}-password`}
            value={values.password}
            onChange={(e) => onChange({ password: e.target.value })}
            feedback={false}
            toggleMask
            maxLength={MAX.password}
            autoComplete="new-password"
            invalid={!!error}
          />
        </FormField>
      )}
    </>
  );
}
