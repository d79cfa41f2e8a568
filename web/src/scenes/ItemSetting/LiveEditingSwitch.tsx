import { InputSwitch } from 'primereact/inputswitch';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { itemApi } from '../../api/item.ts';
import { useApiData } from '../../hooks/useApiData.ts';
import { notify } from '../../state/notify.ts';

/**
 * The item's live co-editing switch (issue #22): on, everyone with edit rights edits a page
 * together; off, the classic editor with its 180 s lock. Read from item/info, saved by item/update.
 */
export function LiveEditingSwitch({ itemId }: { itemId: number }) {
  const { t } = useTranslation('live');
  const info = useApiData(() => itemApi.info({ item_id: itemId }, { quiet: true }) as Promise<{ live_editing?: number }>, [itemId]);
  const [value, setValue] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  if (info.data?.live_editing === undefined) return null;
  const on = value ?? Number(info.data.live_editing) === 1;
  const change = async (next: boolean) => {
    setBusy(true);
    try {
      await itemApi.update({ item_id: itemId, live_editing: next ? 1 : 0 });
      setValue(next);
      notify('success', t('common:saved'));
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="folio-form live-switch" aria-labelledby="item-live-editing-label">
      <div className="folio-check">
        <InputSwitch inputId="item-live-editing" checked={on} disabled={busy} onChange={(e) => void change(!!e.value)} />
        <label id="item-live-editing-label" htmlFor="item-live-editing">
          {t('setting.label')}
        </label>
      </div>
      <p className="folio-muted">{t(on ? 'setting.onHint' : 'setting.offHint')}</p>
    </section>
  );
}
