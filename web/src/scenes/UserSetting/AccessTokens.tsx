import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccessTokenInfo } from '@core/wire';
import { isOn } from '../../api/types.ts';
import { TokenTable } from '../../components/AccessTokens/TokenTable.tsx';
import { useApiData } from '../../hooks/useApiData.ts';
import { notify } from '../../state/notify.ts';
import { CreateTokenDialog } from './CreateTokenDialog.tsx';
import { TokenSecretDialog } from './TokenSecretDialog.tsx';
import { call } from '../../api/client.ts';

/** User settings' "Access tokens": the user's tokens for AI assistants (MCP) and the open API. */
export function AccessTokens() {
  const { t } = useTranslation('tokens');
  const tokens = useApiData(() => call('token/list', {}), []);
  const items = useApiData(() => call('item/myList', {}), []);
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{ name: string; token: string } | null>(null);
  const itemNames = useMemo(() => new Map((items.data ?? []).map((i) => [String(i.item_id), i.item_name])), [items.data]);
  const mcpOff = !!tokens.data && !isOn(tokens.data.mcp_enabled);
  const neverAllowed = isOn(tokens.data?.token_never_expire);

  const revoke = async (token: AccessTokenInfo) => {
    await call('token/revoke', { token_id: token.token_id });
    notify('success', t('revoked', { name: token.name }));
    await tokens.reload();
  };

  return (
    <section className="folio-panel folio-token-section" aria-labelledby="access-tokens-title">
      <div className="folio-section-head">
        <h2 id="access-tokens-title" className="folio-token-title">
          {t('title')}
        </h2>
        <span className="folio-spacer" />
        <Button type="button" icon="pi pi-plus" label={t('create')} onClick={() => setCreating(true)} />
      </div>
      <p className="folio-muted">{t('intro')}</p>
      {mcpOff && <Message severity="info" text={t('mcpOff')} className="folio-form-message" />}
      <TokenTable tokens={tokens.data?.tokens ?? []} loading={tokens.loading} onRevoke={revoke} itemNames={itemNames} />
      <CreateTokenDialog
        visible={creating}
        items={items.data ?? []}
        neverAllowed={neverAllowed}
        onHide={() => setCreating(false)}
        onCreated={(created) => {
          setCreating(false);
          setSecret(created);
          void tokens.reload();
        }}
      />
      <TokenSecretDialog secret={secret} onHide={() => setSecret(null)} />
    </section>
  );
}
