import { useCallback, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import Toc from '../../components/Toc/Toc.tsx';
import { read } from '../../api/client.ts';
import { useApiData } from '../../hooks/useApiData.ts';
import { usePageInfo } from '../../hooks/usePageInfo.ts';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.ts';
import { useWindowWidth } from '../../lib/useWindowWidth.ts';
import BackToTop from '../ItemView/BackToTop.tsx';
import PageContent from '../ItemView/PageContent.tsx';
import '../ItemView/ItemView.css';

/** `/page/:pageId` — one page on its own, with a link back into its item. */
export default function PageViewScene() {
  const { t } = useTranslation('view');
  const { pageId = '0' } = useParams();
  const page = usePageInfo(pageId);
  useDocumentTitle(page.data?.page_title);
  // The item's comment, feedback and watermark switches (item/info: revalidated from the browser's cache).
  const itemId = Number(page.data?.item_id ?? 0);
  const item = useApiData(
    () => (itemId ? read('item/info', { item_id: itemId }, { quiet: true }).catch(() => undefined) : Promise.resolve(undefined)),
    [itemId],
  );
  const width = useWindowWidth();
  const contentRef = useRef<HTMLElement | null>(null);
  const [version, setVersion] = useState(0);
  const onRendered = useCallback((root: HTMLElement) => {
    contentRef.current = root;
    setVersion((n) => n + 1);
  }, []);

  if (!page.data)
    return page.loading ? (
      <PageSpinner />
    ) : (
      <div className="iv-empty" role="alert">
        {page.problem || t('pageNotFound')}
      </div>
    );
  return (
    <div className={`item-view${width < 1000 ? ' iv-mobile' : ''}`}>
      <header className="iv-header">
        <div className="iv-item-name">{page.data.page_title}</div>
        {page.data.item_id ? (
          <Link to={`/${page.data.item_id}?page_id=${page.data.page_id}`}>
            <Button icon="pi pi-book" text label={t('openInItem')} />
          </Link>
        ) : null}
      </header>
      <div className="iv-body">
        <main className="iv-content">
          <PageContent page={page.data} onRendered={onRendered} flags={item.data} />
        </main>
        {width >= 1300 && (
          <aside className="iv-toc">
            <Toc contentRef={contentRef} version={version} title={t('toc')} />
          </aside>
        )}
      </div>
      <BackToTop />
    </div>
  );
}
