import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminAccessTokenInfo } from '@core/wire';
import { TokenTable } from '../../components/AccessTokens/TokenTable.tsx';
import { useApiData } from '../../hooks/useApiData.ts';
import { notify } from '../../state/notify.ts';
import { AdminSection } from './AdminSection.tsx';
import { SearchToolbar } from './SearchToolbar.tsx';
import { call } from '../../api/client.ts';

/** Every user's personal access tokens, filtered by username, with revoke. */
export function AdminTokens() {
  const { t } = useTranslation('admin');
  const [search, setSearch] = useState('');
  const [username, setUsername] = useState('');
  const tokens = useApiData(() => call('adminToken/list', { username }), [username]);

  const revoke = async (token: AdminAccessTokenInfo) => {
    await call('adminToken/revoke', { token_id: token.token_id });
    notify('success', t('tokens:revoked', { name: token.name }));
    await tokens.reload();
  };

  return (
    <AdminSection id="admin-tokens" title={t('menu.tokens')}>
      <p className="folio-muted">{t('tokens.intro')}</p>
      <SearchToolbar onSearch={() => setUsername(search.trim())}>
        <InputText type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('users.search')} aria-label={t('users.search')} />
      </SearchToolbar>
      <TokenTable tokens={tokens.data?.tokens ?? []} loading={tokens.loading} onRevoke={revoke} showOwner />
    </AdminSection>
  );
}
