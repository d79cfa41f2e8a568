import { Button } from 'primereact/button';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.ts';
import { useSession } from '../../hooks/useSession.ts';
import { useSiteSetting } from '../../hooks/useSiteSetting.ts';
import { setSessionUser } from '../../state/session.ts';
import './home.css';
import { call } from '../../api/client.ts';

const FEATURES = ['api', 'dictionary', 'team', 'sheet', 'import', 'cli'] as const;
const FEATURE_ICONS: Record<(typeof FEATURES)[number], string> = {
  api: 'pi pi-server',
  dictionary: 'pi pi-database',
  team: 'pi pi-users',
  sheet: 'pi pi-table',
  import: 'pi pi-file-import',
  cli: 'pi pi-code',
};

/**
 * The landing page (home_page 1). home_page 2 sends visitors to login, 3 to the home item. No
 * marketing numbers: Folio states only what it is.
 */
export default function HomeScene() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const site = useSiteSetting();
  const user = useSession();
  useDocumentTitle(t('home.title'));

  useEffect(() => {
    // Refresh the remembered user quietly: the cookie may have expired since.
    call('user/info', { redirect_login: false }, { quiet: true }).then(setSessionUser, () => setSessionUser(null));
  }, []);

  useEffect(() => {
    const mode = Number(site.data?.home_page ?? 1);
    if (mode === 2) navigate('/user/login', { replace: true });
    else if (mode === 3 && site.data?.home_item) navigate(`/${encodeURIComponent(String(site.data.home_item))}`, { replace: true });
  }, [site.data, navigate]);

  if (site.loading) return <PageSpinner />;
  const enter = user ? '/item/index' : '/user/login';

  return (
    <div className="folio-home">
      <header className="folio-home-top">
        <span className="folio-brand">
          <span className="pi pi-book" aria-hidden="true" />
          <span>Folio</span>
        </span>
        <nav className="folio-home-nav" aria-label={t('home.navigation')}>
          <a href="#cli">{t('home.nav.cli')}</a>
          <LanguageSwitch />
          <Button label={user ? t('home.myItems') : t('home.login')} onClick={() => navigate(enter)} size="small" />
        </nav>
      </header>

      <main>
        <section className="folio-home-hero">
          <h1>{t('home.heroTitle')}</h1>
          <p className="folio-home-lead">{t('home.heroText')}</p>
          <div className="folio-home-cta">
            <Button
              label={user ? t('home.myItems') : t('home.start')}
              icon="pi pi-arrow-right"
              iconPos="right"
              onClick={() => navigate(user ? '/item/index' : '/user/register')}
            />
            {!user && <Button label={t('home.login')} outlined onClick={() => navigate('/user/login')} />}
          </div>
          <p className="folio-muted folio-home-facts">{t('home.facts')}</p>
        </section>

        <section className="folio-home-features" aria-labelledby="home-features-title">
          <h2 id="home-features-title">{t('home.featuresTitle')}</h2>
          <ul>
            {FEATURES.map((f) => (
              <li key={f} className="folio-home-feature">
                <span className={FEATURE_ICONS[f]} aria-hidden="true" />
                <h3>{t(`home.features.${f}.title`)}</h3>
                <p>{t(`home.features.${f}.text`)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section id="cli" className="folio-home-cli" aria-labelledby="home-cli-title">
          <h2 id="home-cli-title">{t('home.cliTitle')}</h2>
          <p>{t('home.cliText')}</p>
          <pre className="folio-code" aria-label={t('home.cliExample')}>
            <code>{`export DOCS_SERVER=${window.location.origin}\nexport DOCS_API_KEY=… DOCS_API_TOKEN=…   # from the item's settings\ndocs pull ./docs   # the item as Markdown files\ndocs plan ./docs   # see what a push would change\ndocs push ./docs   # publish; nothing is overwritten silently`}</code>
          </pre>
          <p className="folio-muted">{t('home.cliMore')}</p>
        </section>
      </main>

      <footer className="folio-home-footer">
        <span>{t('home.footer')}</span>
        <Link to={enter}>{user ? t('home.myItems') : t('home.login')}</Link>
      </footer>
    </div>
  );
}
