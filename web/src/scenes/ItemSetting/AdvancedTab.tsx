import { MAX, REDIRECT_AFTER_DANGEROUS_MS } from '@core/limits';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { call } from '../../api/client.ts';
import type { ItemDetail } from '@core/wire';
import { isOn } from '../../api/types.ts';
import { ConfirmWithPassword } from '../../components/ConfirmWithPassword.tsx';
import { FormField } from '../../components/FormField.tsx';
import { formProblems } from '../../lib/formProblems.ts';
import { notify } from '../../state/notify.ts';

type Danger = 'attorn' | 'archive' | 'delete';

/**
 * Tab 3: transfer, archive, delete. Each asks for the login password; afterwards the user goes
 * back to the item list after 2 s (spec §4).
 */
export function AdvancedTab({ item }: { item: ItemDetail }) {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const [open, setOpen] = useState<Danger | null>(null);
  const [receiver, setReceiver] = useState('');
  const [receiverProblem, setReceiverProblem] = useState('');

  const run = async (danger: Danger, password: string) => {
    if (danger === 'attorn') await call('item/attorn', { item_id: item.item_id, username: receiver.trim(), password });
    else if (danger === 'archive') await call('item/archive', { item_id: item.item_id, password });
    else await call('item/delete', { item_id: item.item_id, password });
    setOpen(null);
    notify('success', t(`advanced.${danger}.done`));
    setTimeout(() => navigate('/item/index'), REDIRECT_AFTER_DANGEROUS_MS);
  };

  const rows: Array<{ key: Danger; icon: string; danger: boolean; disabled?: boolean }> = [
    { key: 'attorn', icon: 'pi pi-arrow-right-arrow-left', danger: false },
    { key: 'archive', icon: 'pi pi-inbox', danger: false, disabled: isOn(item.is_archived) },
    { key: 'delete', icon: 'pi pi-trash', danger: true },
  ];

  return (
    <div className="folio-danger-list">
      {rows.map((row) => (
        <div key={row.key} className="folio-danger-row">
          <div>
            <h3>{t(`advanced.${row.key}.title`)}</h3>
            <p className="folio-muted">{row.disabled ? t('advanced.archive.already') : t(`advanced.${row.key}.text`)}</p>
          </div>
          <Button
            label={t(`advanced.${row.key}.button`)}
            icon={row.icon}
            severity={row.danger ? 'danger' : 'warning'}
            outlined
            disabled={row.disabled}
            onClick={() => setOpen(row.key)}
          />
        </div>
      ))}
      {open && (
        <ConfirmWithPassword
          visible
          title={t(`advanced.${open}.title`)}
          message={t(`advanced.${open}.confirm`, { name: item.item_name })}
          confirmLabel={t(`advanced.${open}.button`)}
          danger={open === 'delete'}
          onHide={() => setOpen(null)}
          onConfirm={(password) => {
            // item/attorn's own rule for the receiver (required, its length), shown under the field.
            const problem =
              open === 'attorn' ? formProblems('item/attorn', { item_id: item.item_id, username: receiver.trim(), password }).username : undefined;
            setReceiverProblem(problem ?? '');
            if (problem) return Promise.reject(new Error('receiver'));
            return run(open, password);
          }}
        >
          {open === 'attorn' && (
            <FormField label={t('advanced.attorn.receiver')} htmlFor="attorn-receiver" error={receiverProblem || undefined}>
              <InputText
                id="attorn-receiver"
                value={receiver}
                onChange={(e) => setReceiver(e.target.value)}
                maxLength={MAX.email}
                invalid={!!receiverProblem}
              />
            </FormField>
          )}
        </ConfirmWithPassword>
      )}
    </div>
  );
}
