import { InputSwitch } from 'primereact/inputswitch';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ItemDetail } from '@core/wire';
import { call } from '../../api/client.ts';
import { notify } from '../../state/notify.ts';

/**
 * The item's live co-editing switch (issue #22): on, everyone with edit rights edits a page
 * together; off, the classic editor with its 180 s lock. Read from item/detail, saved at once by item/update.
 */
export function LiveEditingSwitch({ item, onSaved }: { item: ItemDetail; onSaved: (switch_: Pick<ItemDetail, 'live_editing'>) => void }) {
  const { t } = useTranslation('live');
  const [busy, setBusy] = useState(false);
  const on = Number(item.live_editing) === 1;
  const change = async (next: boolean) => {
    setBusy(true);
    try {
      await call('item/update', { item_id: item.item_id, live_editing: next ? 1 : 0 });
      onSaved({ live_editing: next ? 1 : 0 });
      notify('success', t('common:saved'));
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="folio-form live-switch">
      <div className="folio-check">
        <InputSwitch inputId="item-live-editing" checked={on} disabled={busy} onChange={(e) => void change(!!e.value)} />
        <label htmlFor="item-live-editing">{t('setting.label')}</label>
      </div>
      <p className="folio-muted">{t(on ? 'setting.onHint' : 'setting.offHint')}</p>
    </section>
  );
}
