import { useTranslation } from 'react-i18next';
import type { Id } from '@core/wire';
import { McpAuditTable } from '../../components/AccessTokens/McpAuditTable.tsx';

/** Tab: what AI assistants changed in this item through MCP, with who, which token and the result. */
export function McpAuditTab({ itemId }: { itemId: Id }) {
  const { t } = useTranslation('tokens');
  return (
    <div>
      <p className="folio-muted">{t('audit.itemIntro')}</p>
      <McpAuditTable itemId={itemId} />
    </div>
  );
}
