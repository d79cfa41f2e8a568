import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { call } from '../../api/client.ts';
import type { ItemInfo } from '@core/wire';
import CatalogTree from '../../components/CatalogTree/CatalogTree.tsx';
import { catalogPathOf, firstPageId } from '../../components/CatalogTree/menu.ts';
import PageOpBar from '../../components/PageOpBar/PageOpBar.tsx';
import Toc from '../../components/Toc/Toc.tsx';
import { useApiData } from '../../hooks/useApiData.ts';
import { usePageInfo } from '../../hooks/usePageInfo.ts';
import { menuWidthFor, useWindowWidth } from '../../lib/useWindowWidth.ts';
import BackToTop from './BackToTop.tsx';
import PageContent from './PageContent.tsx';
import SearchResults, { type SearchHit } from './SearchResults.tsx';
import { rightsOf, usePageActions } from './usePageActions.tsx';
import { PreviewBanner } from './PreviewBanner.tsx';

interface Props {
  info: ItemInfo;
  itemKey: string;
  requestedPage: number;
  reloadItem: () => Promise<void>;
}

// Only phones need the drawer: it is not part of the desktop reader's download.
const MenuDrawer = lazy(() => import('./MenuDrawer.tsx'));

const MOBILE_MAX = 1000;
/** What stays in the phone header; the rest folds behind "more". */
const PHONE_OPS = ['login', 'share', 'edit'];
const TOC_MIN_WIDTH = 1300;

/** Item types 1 and 3: catalog menu, search, page content, op bar, TOC, full screen. */
export default function RegularItem({ info, itemKey, requestedPage, reloadItem }: Props) {
  const { t } = useTranslation('view');
  const navigate = useNavigate();
  const width = useWindowWidth();
  const mobile = width < MOBILE_MAX;
  const rights = rightsOf(info);
  const [menuOpen, setMenuOpen] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [hits, setHits] = useState<{ keyword: string; pages: SearchHit[]; total: number } | null>(null);
  const contentRef = useRef<HTMLElement | null>(null);
  const [renderCount, setRenderCount] = useState(0);

  // A page deleted here stays out of view even while the menu still lists it (item/info reloads
  // after the delete) or the server's default page is still that page: the first other page of
  // the menu opens instead, and "no pages yet" only when there is none.
  const [deletedId, setDeletedId] = useState(0);
  const wanted = requestedPage || Number(info.default_page_id ?? 0) || firstPageId(info.menu);
  const pageId = wanted && wanted === deletedId ? firstPageId(info.menu, deletedId) : wanted;
  const loaded = usePageInfo(pageId);
  const page = { ...loaded, data: loaded.data && Number(loaded.data.page_id) === pageId ? loaded.data : undefined };

  const expandIds = useMemo(() => {
    const fromServer = [info.default_cat_id2, info.default_cat_id3, info.default_cat_id4].map(Number).filter((n) => n > 0);
    return [...new Set([...fromServer, ...catalogPathOf(info.menu, pageId)])];
  }, [info, pageId]);

  const hrefFor = useCallback((id: number) => `/${encodeURIComponent(itemKey)}?page_id=${id}`, [itemKey]);
  const select = useCallback(
    (id: number) => {
      setMenuOpen(false);
      navigate(hrefFor(id));
      window.scrollTo({ top: 0 });
    },
    [navigate, hrefFor],
  );

  // Items with API versions (an imported or pushed OpenAPI/Postman file) get their changelog in the op bar.
  const apiVersions = useApiData(() => call('apiChange/list', { item_id: rights.itemId }, { quiet: true }).catch(() => null), [rights.itemId]);
  const { ops, modals } = usePageActions({
    rights,
    itemKey,
    page: page.data,
    onPageDeleted: () => {
      setDeletedId(pageId);
      navigate(`/${encodeURIComponent(itemKey)}`, { replace: true });
      void reloadItem();
    },
    onPageChanged: () => void loaded.reload(),
  });

  useEffect(() => {
    if (!fullscreen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setFullscreen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [fullscreen]);

  const runSearch = async () => {
    const word = keyword.trim();
    if (!word) {
      setHits(null);
      return;
    }
    const found = await call('item/search', { item_id: itemKey, keyword: word });
    setHits({ keyword: word, pages: found.pages ?? [], total: found.total ?? found.pages?.length ?? 0 });
  };

  const onRendered = useCallback((root: HTMLElement) => {
    contentRef.current = root;
    setRenderCount((n) => n + 1);
  }, []);

  const menuWidth = menuWidthFor(width);
  const menu = (
    <div className="iv-menu-inner">
      <div className="iv-search">
        <span className="p-input-icon-left">
          <i className="pi pi-search" aria-hidden />
          <input
            className="p-inputtext p-component"
            type="search"
            value={keyword}
            placeholder={t('searchPlaceholder')}
            aria-label={t('searchLabel')}
            onChange={(e) => {
              setKeyword(e.target.value);
              if (!e.target.value) setHits(null);
            }}
            onKeyDown={(e) => e.key === 'Enter' && void runSearch()}
          />
        </span>
        {hits && <Button icon="pi pi-times" text rounded aria-label={t('clearSearch')} onClick={() => (setHits(null), setKeyword(''))} />}
      </div>
      {hits ? (
        <SearchResults keyword={hits.keyword} hits={hits.pages} total={hits.total} selectedPageId={pageId} hrefFor={hrefFor} onSelect={select} />
      ) : (
        <CatalogTree menu={info.menu} selectedPageId={pageId} expandIds={expandIds} hrefFor={hrefFor} onSelect={select} label={t('menu')} />
      )}
    </div>
  );

  const allOps = [
    ...ops,
    {
      key: 'apiChanges',
      // Not pi-history: that is the page history's icon, a few buttons to the left.
      icon: 'pi-code-branch',
      label: t('ops.apiChanges'),
      show: !!apiVersions.data?.versions.length,
      onClick: () => navigate(`/changelog/${rights.itemId}`),
    },
    {
      key: 'fullscreen',
      icon: fullscreen ? 'pi-window-minimize' : 'pi-window-maximize',
      label: fullscreen ? t('ops.exitFullscreen') : t('ops.fullscreen'),
      show: !mobile,
      active: fullscreen,
      onClick: () => setFullscreen((f) => !f),
    },
  ];
  const showToc = !mobile && !fullscreen && width >= TOC_MIN_WIDTH;

  return (
    <div className={`item-view${fullscreen ? ' iv-fullscreen' : ''}${mobile ? ' iv-mobile' : ''}`}>
      <header className="iv-header">
        {mobile && <Button icon="pi pi-bars" text rounded aria-label={t('menuOpen')} onClick={() => setMenuOpen(true)} />}
        <div className="iv-item-name" title={info.item_name}>
          {info.item_name}
        </div>
        <PageOpBar ops={allOps} primary={mobile ? PHONE_OPS : undefined} />
      </header>
      {info.preview && <PreviewBanner preview={info.preview} />}
      {rights.archived && <div className="iv-archived">{t('archived')}</div>}
      <div className="iv-body">
        {!mobile && !fullscreen && (
          <aside className="iv-menu" style={{ width: menuWidth }} aria-label={t('menu')}>
            {menu}
          </aside>
        )}
        {mobile && menuOpen && (
          <Suspense fallback={null}>
            <MenuDrawer onHide={() => setMenuOpen(false)} title={t('menu')}>
              {menu}
            </MenuDrawer>
          </Suspense>
        )}
        <main className="iv-content">
          {page.data ? (
            <PageContent page={page.data} onRendered={onRendered} flags={info} />
          ) : !page.loading && !pageId ? (
            <div className="iv-empty">
              <p>{rights.canEdit ? t('emptyItemEditor') : t('emptyItem')}</p>
              {rights.canEdit && <Button icon="pi pi-plus" label={t('ops.newPage')} onClick={() => navigate(`/page/edit/${rights.itemId}/0`)} />}
            </div>
          ) : page.failed ? (
            <div className="iv-empty" role="alert">
              {loaded.problem || t('pageNotFound')}
            </div>
          ) : null}
        </main>
        {showToc && (
          <aside className="iv-toc">
            <Toc contentRef={contentRef} version={renderCount} title={t('toc')} />
          </aside>
        )}
      </div>
      <BackToTop />
      {modals}
    </div>
  );
}
