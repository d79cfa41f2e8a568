import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import type { Id } from '@core/wire';
import { CopyField } from '../../components/CopyField.tsx';
import { OpenApiHelp } from '../../components/OpenApiHelp.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { useApiData } from '../../hooks/useApiData.ts';
import { notify } from '../../state/notify.ts';

/** Tab 4: the item's api_key and api_token, copy buttons, reset, and how to use them. */
export function OpenApiTab({ itemId }: { itemId: Id }) {
  const { t } = useTranslation('settings');
  const keys = useApiData(() => call('item/getKey', { item_id: itemId }), [itemId]);

  const reset = () =>
    confirmDialog({
      header: t('common:confirmTitle'),
      message: t('openApi.resetConfirm'),
      acceptLabel: t('openApi.reset'),
      rejectLabel: t('common:actions.cancel'),
      acceptClassName: 'p-button-warning',
      accept: async () => {
        keys.setData(await call('item/resetKey', { item_id: itemId }));
        notify('success', t('openApi.resetDone'));
      },
    });

  if (!keys.data) return keys.loading ? <PageSpinner /> : null;
  return (
    <div>
      <p>{t('openApi.intro')}</p>
      <div className="folio-form">
        <CopyField id="api-key" label="api_key" value={keys.data.api_key} />
        <CopyField id="api-token" label="api_token" value={keys.data.api_token} />
        <Button label={t('openApi.reset')} icon="pi pi-refresh" severity="warning" outlined onClick={reset} />
      </div>
      <OpenApiHelp apiKey={keys.data.api_key} apiToken={keys.data.api_token} />
    </div>
  );
}
