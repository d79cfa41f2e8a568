import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { pageApi } from '../../api/page.ts';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { useApiData } from '../../hooks/useApiData.ts';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.ts';
import { useWindowWidth } from '../../lib/useWindowWidth.ts';
import BackToTop from '../ItemView/BackToTop.tsx';
import PageContent from '../ItemView/PageContent.tsx';
import '../ItemView/ItemView.css';

/** `/p/:uniqueKey` — a page through its single-page share link; no login, nothing else visible. */
export default function SharePageScene() {
  const { t } = useTranslation('view');
  const { uniqueKey = '' } = useParams();
  const page = useApiData(() => pageApi.infoByKey(uniqueKey), [uniqueKey]);
  useDocumentTitle(page.data?.page_title);
  const width = useWindowWidth();

  if (!page.data) return page.loading ? <PageSpinner /> : <div className="iv-empty">{t('pageNotFound')}</div>;
  return (
    <div className={`item-view${width < 1000 ? ' iv-mobile' : ''}`}>
      <main className="iv-content iv-single-content">
        <PageContent page={page.data} />
      </main>
      <BackToTop />
    </div>
  );
}
