import { useParams, useSearchParams } from 'react-router-dom';
import PageEditor from './PageEditor.tsx';

/** `/page/edit/:itemId/:pageId` (optional `copy_page_id`). A new page id remounts the editor. */
export default function PageEditorScene() {
  const { itemId = '0', pageId = '0' } = useParams();
  const [search] = useSearchParams();
  const copyPageId = Number(search.get('copy_page_id') ?? 0) || 0;
  return <PageEditor key={`${itemId}/${pageId}/${copyPageId}`} itemId={Number(itemId)} pageId={Number(pageId) || 0} copyPageId={copyPageId} />;
}
