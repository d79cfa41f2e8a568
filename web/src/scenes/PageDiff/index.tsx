import { call } from '../../api/client.ts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import DiffView from '../../components/DiffView/DiffView.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { useApiData } from '../../hooks/useApiData.ts';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.ts';
import '../ItemView/ItemView.css';

/** `/page/diff/:pageId/:pageHistoryId` — the history version (left) against the current page (right). */
export default function PageDiffScene() {
  const { t } = useTranslation('view');
  const { pageId = '0', pageHistoryId = '0' } = useParams();
  const diff = useApiData(() => call('page/diff', { page_id: pageId, page_history_id: pageHistoryId }), [pageId, pageHistoryId]);
  useDocumentTitle(diff.data ? `${t('diff.title')}: ${diff.data.page.page_title}` : t('diff.title'));

  if (!diff.data) return diff.loading ? <PageSpinner /> : <div className="iv-empty">{t('pageNotFound')}</div>;
  const { page, history_page: old } = diff.data;
  return (
    <div className="item-view">
      <header className="iv-header">
        <div className="iv-item-name">
          {t('diff.title')}: {page.page_title}
        </div>
      </header>
      <main className="iv-content" style={{ padding: '16px' }}>
        {old.page_content === page.page_content && <p className="folio-muted">{t('diff.same')}</p>}
        <DiffView
          before={old.page_content ?? ''}
          after={page.page_content ?? ''}
          beforeLabel={t('diff.history', { time: old.addtime ?? '', author: old.author_username ?? '' })}
          afterLabel={t('diff.current', { time: page.addtime ?? '', author: page.author_username ?? '' })}
        />
      </main>
    </div>
  );
}
