import { Badge } from 'primereact/badge';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useBreakpoint } from '../hooks/useBreakpoint.ts';
import { useSession } from '../hooks/useSession.ts';
import { useFeedbackUrl } from '../hooks/useFeedbackUrl.ts';
import { useUnreadNotices } from '../hooks/useUnreadNotices.ts';
import { CLI_DOCS_PATH, OPEN_API_DOCS_PATH } from '../state/links.ts';
import { isAdmin, setSessionUser } from '../state/session.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { call } from '../api/client.ts';

let refreshedThisLoad = false;

interface HeaderLink {
  key: string;
  label: string;
  icon: string;
  /** In-app path, or an external URL when `external`. */
  to?: string;
  external?: boolean;
  run?: () => void;
}

/**
 * The top bar of the account and item-management screens: brand, the spec's header links
 * (feedback, teams, admin for administrators, attachments, user setting, logout), our CLI and
 * open-API docs, and the language switch. Under 1000 px the links fold into one menu.
 */
export function AppHeader({ extra }: { extra?: ReactNode }) {
  const { t } = useTranslation();
  const user = useSession();
  const navigate = useNavigate();
  const breakpoint = useBreakpoint();
  const menu = useRef<Menu>(null);
  const unread = useUnreadNotices(!!user);
  const noticesLabel = unread > 0 ? t('header.noticesUnread', { count: unread }) : t('header.notices');
  const feedbackUrl = useFeedbackUrl();

  useEffect(() => {
    // Once per page load: the remembered user may be missing (cleared storage) or stale (groupid).
    if (refreshedThisLoad) return;
    refreshedThisLoad = true;
    call('user/info', { redirect_login: false }, { quiet: true }).then(setSessionUser, () => undefined);
  }, []);

  const logout = async () => {
    await call('user/logout', {}, { quiet: true }).catch(() => undefined);
    setSessionUser(null);
    navigate('/user/login');
  };

  const navLinks: HeaderLink[] = user
    ? [
        { key: 'cli', label: t('header.cliDocs'), icon: 'pi pi-code', to: CLI_DOCS_PATH },
        { key: 'openApi', label: t('header.openApi'), icon: 'pi pi-bolt', to: OPEN_API_DOCS_PATH },
        { key: 'teams', label: t('header.teams'), icon: 'pi pi-users', to: '/team/index' },
        { key: 'attachments', label: t('header.attachments'), icon: 'pi pi-paperclip', to: '/attachment/index' },
        ...(isAdmin(user) ? [{ key: 'admin', label: t('header.admin'), icon: 'pi pi-shield', to: '/admin/index' }] : []),
      ]
    : [];
  const accountLinks: HeaderLink[] = user
    ? [
        { key: 'notices', label: noticesLabel, icon: 'pi pi-bell', to: '/notice/index' },
        { key: 'setting', label: t('header.userSetting'), icon: 'pi pi-user-edit', to: '/user/setting' },
        ...(feedbackUrl ? [{ key: 'feedback', label: t('header.feedback'), icon: 'pi pi-envelope', to: feedbackUrl, external: true }] : []),
        { key: 'logout', label: t('header.logout'), icon: 'pi pi-sign-out', run: () => void logout() },
      ]
    : [];

  const go = (link: HeaderLink) => {
    if (link.run) link.run();
    else if (link.external) window.open(link.to, '_blank', 'noopener');
    else if (link.to) navigate(link.to);
  };
  const compact = breakpoint === 'mobile';
  const iconsOnly = breakpoint === 'smallPc' || breakpoint === 'mediumPc';
  const toMenu = (l: HeaderLink): MenuItem => ({ label: l.label, icon: l.icon, command: () => go(l) });
  const menuItems: MenuItem[] = compact ? [...navLinks, ...accountLinks].map(toMenu) : accountLinks.map(toMenu);

  return (
    <header className="folio-header">
      <Link to={user ? '/item/index' : '/'} className="folio-brand" aria-label={t('header.home')}>
        <span className="pi pi-book" aria-hidden="true" />
        <span>Folio</span>
      </Link>
      <div className="folio-header-extra">{extra}</div>
      <nav className="folio-header-links" aria-label={t('header.navigation')}>
        {!compact &&
          navLinks.map((l) => (
            <Button
              key={l.key}
              text
              size="small"
              icon={l.icon}
              label={iconsOnly ? undefined : l.label}
              aria-label={l.label}
              tooltip={iconsOnly ? l.label : undefined}
              tooltipOptions={{ position: 'bottom' }}
              onClick={() => go(l)}
            />
          ))}
        {user && (
          <Link
            to="/notice/index"
            className="folio-notice-bell p-button p-button-text p-button-sm"
            aria-label={noticesLabel}
            title={noticesLabel}
            data-testid="header-notices"
          >
            <span className="pi pi-bell p-overlay-badge" aria-hidden="true">
              {unread > 0 && <Badge value={unread > 99 ? '99+' : unread} severity="danger" data-testid="header-unread-count" />}
            </span>
          </Link>
        )}
        <LanguageSwitch />
        {user && (
          <>
            <Button
              className="folio-account-button"
              icon={compact ? 'pi pi-bars' : 'pi pi-user'}
              label={compact ? undefined : user.name || user.username}
              text
              size="small"
              aria-label={t('header.userMenu')}
              aria-haspopup="menu"
              onClick={(e) => menu.current?.toggle(e)}
            />
            <Menu model={menuItems} popup ref={menu} popupAlignment="right" />
          </>
        )}
      </nav>
    </header>
  );
}
