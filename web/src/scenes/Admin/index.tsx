import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AttachmentTable } from '../../components/AttachmentTable.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { AdminAnnounce } from './AdminAnnounce.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { useApiData } from '../../hooks/useApiData.ts';
import { isAdmin } from '../../state/session.ts';
import { AdminItems } from './AdminItems.tsx';
import { AdminSection } from './AdminSection.tsx';
import { AdminSettings } from './AdminSettings.tsx';
import { AdminTokens } from './AdminTokens.tsx';
import { McpAuditTable } from '../../components/AccessTokens/McpAuditTable.tsx';
import { AdminUsers } from './AdminUsers.tsx';
import './admin.css';
import { call } from '../../api/client.ts';

const SECTIONS = ['users', 'items', 'attachments', 'tokens', 'mcpAudit', 'announce', 'settings'] as const;
type Section = (typeof SECTIONS)[number];
const ICONS: Record<Section, string> = {
  users: 'pi pi-user',
  items: 'pi pi-book',
  attachments: 'pi pi-paperclip',
  tokens: 'pi pi-key',
  mcpAudit: 'pi pi-sparkles',
  announce: 'pi pi-megaphone',
  settings: 'pi pi-cog',
};

/**
 * `/admin/index`: the administrator console (spec §2 "Admin"); `?section=` selects the part.
 * Who is asking is checked with the server first: anyone else is sent to their item list (the
 * server refuses their admin calls anyway; this keeps them from seeing an empty console).
 */
export default function AdminScene() {
  const navigate = useNavigate();
  const me = useApiData(() => call('user/info', {}), []);
  const allowed = !!me.data && isAdmin(me.data);
  useEffect(() => {
    if (me.data && !isAdmin(me.data)) navigate('/item/index', { replace: true });
  }, [me.data, navigate]);
  return allowed ? <AdminConsole /> : <PageSpinner />;
}

function AdminConsole() {
  const { t } = useTranslation('admin');
  const [search, setSearch] = useSearchParams();
  const section: Section = (SECTIONS as readonly string[]).includes(search.get('section') ?? '') ? (search.get('section') as Section) : 'users';
  const model: MenuItem[] = SECTIONS.map((s) => ({
    label: t(`menu.${s}`),
    icon: ICONS[s],
    className: s === section ? 'folio-admin-menu-active' : undefined,
    command: () => setSearch({ section: s }, { replace: true }),
  }));
  return (
    <PageFrame title={t('title')} back="/item/index" wide>
      <div className="folio-admin">
        <nav aria-label={t('title')}>
          <Menu model={model} className="folio-admin-menu" />
        </nav>
        <div className="folio-panel folio-admin-body">
          {section === 'users' && <AdminUsers />}
          {section === 'items' && <AdminItems />}
          {section === 'attachments' && (
            <AdminSection id="admin-files" title={t('menu.attachments')}>
              <AttachmentTable scope="all" />
            </AdminSection>
          )}
          {section === 'tokens' && <AdminTokens />}
          {section === 'mcpAudit' && (
            <AdminSection id="admin-mcp-audit" title={t('menu.mcpAudit')}>
              <p className="folio-muted">{t('mcpAudit.intro')}</p>
              <McpAuditTable />
            </AdminSection>
          )}
          {section === 'announce' && <AdminAnnounce />}
          {section === 'settings' && <AdminSettings />}
        </div>
      </div>
    </PageFrame>
  );
}
