import { lazy, Suspense } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { ItemType } from '@core/limits';
import { read } from '../../api/client.ts';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { useApiData } from '../../hooks/useApiData.ts';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.ts';
import RegularItem from './RegularItem.tsx';
import SinglePageItem from './SinglePageItem.tsx';
import './ItemView.css';

// The spreadsheet renderer never rides along with the document reader.
const Spreadsheet = lazy(() => import('../Spreadsheet/index.tsx'));

/** `/:itemKey?page_id=` — an item by personalized domain or id, laid out by item type. */
export default function ItemViewScene() {
  const { itemKey = '' } = useParams();
  const [search] = useSearchParams();
  const requestedPage = Number(search.get('page_id') ?? 0) || 0;
  // item/info is asked once per item (with the first requested page so the server can compute
  // default_cat_id2/3/4); moving between pages does not reload the menu
  const item = useApiData(() => read('item/info', { item_id: itemKey, default_page_id: requestedPage || undefined }), [itemKey]);
  useDocumentTitle(item.data?.item_name);

  if (!item.data) return item.loading ? <PageSpinner /> : <main className="folio-page-spinner" />;
  const info = item.data;
  // Links, share dialogs and navigation use the item's personalized domain when it has one, even
  // when the item was opened by its id.
  const linkKey = info.item_domain || itemKey;
  switch (Number(info.item_type)) {
    case ItemType.SINGLE_PAGE:
      return <SinglePageItem info={info} itemKey={linkKey} reloadItem={item.reload} />;
    case ItemType.SPREADSHEET:
      return (
        <Suspense fallback={<PageSpinner />}>
          <Spreadsheet info={info} />
        </Suspense>
      );
    default:
      return <RegularItem info={info} itemKey={linkKey} requestedPage={requestedPage} reloadItem={item.reload} />;
  }
}
