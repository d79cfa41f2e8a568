import { call } from '../../api/client.ts';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemType } from '@core/limits';
import { Link, useParams } from 'react-router-dom';
import { discussionFlagsOf } from '../../components/Discussion/useDiscussion.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { useApiData } from '../../hooks/useApiData.ts';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.ts';
import { useWindowWidth } from '../../lib/useWindowWidth.ts';
import BackToTop from '../ItemView/BackToTop.tsx';
import PageContent from '../ItemView/PageContent.tsx';
import '../ItemView/ItemView.css';

// FortuneSheet is a large chunk: only a shared spreadsheet downloads it.
const SharedSheet = lazy(() => import('./SharedSheet.tsx'));

/**
 * `/p/:uniqueKey` — a page through its single-page share link; no login, nothing else visible. A
 * spreadsheet's page is its read-only sheet.
 */
export default function SharePageScene() {
  const { t } = useTranslation('view');
  const { uniqueKey = '' } = useParams();
  const page = useApiData(() => call('page/infoByKey', { unique_key: uniqueKey }), [uniqueKey]);
  useDocumentTitle(page.data?.page_title);
  const width = useWindowWidth();
  // A page of a public item with API versions links to the item's API changelog (read through the share).
  const changelog = useApiData(() => call('apiChange/list', { share_key: uniqueKey }, { quiet: true }).catch(() => null), [uniqueKey]);

  if (!page.data) return page.loading ? <PageSpinner /> : <div className="iv-empty">{t('pageNotFound')}</div>;
  if (Number(page.data.item_type) === ItemType.SPREADSHEET) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <SharedSheet page={page.data} shareKey={uniqueKey} />
      </Suspense>
    );
  }
  return (
    <div className={`item-view${width < 1000 ? ' iv-mobile' : ''}`}>
      <main className="iv-content iv-single-content">
        {!!changelog.data?.versions.length && (
          <p className="iv-share-changelog">
            <Link to={`/changelog/s/${encodeURIComponent(uniqueKey)}`}>
              <i className="pi pi-code-branch" aria-hidden /> {t('apiChange.changelog')}
            </Link>
          </p>
        )}
        <PageContent page={page.data} shareKey={uniqueKey} flags={discussionFlagsOf(page.data)} />
      </main>
      <BackToTop />
    </div>
  );
}
