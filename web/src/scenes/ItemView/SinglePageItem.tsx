import { call } from '../../api/client.ts';
import { useTranslation } from 'react-i18next';
import type { ItemInfo } from '@core/wire';
import { firstPageId } from '../../components/CatalogTree/menu.ts';
import PageOpBar from '../../components/PageOpBar/PageOpBar.tsx';
import { useApiData } from '../../hooks/useApiData.ts';
import { useWindowWidth } from '../../lib/useWindowWidth.ts';
import BackToTop from './BackToTop.tsx';
import PageContent from './PageContent.tsx';
import { rightsOf, usePageActions } from './usePageActions.tsx';
import { PreviewBanner } from './PreviewBanner.tsx';

interface Props {
  info: ItemInfo;
  itemKey: string;
  reloadItem: () => Promise<void>;
}

/** Only these operations make sense on a single-page item (spec §2, type 2). */
const SINGLE_PAGE_OPS = new Set(['login', 'back', 'share', 'edit', 'history', 'attachments', 'export', 'setting']);

/** Item type 2: one page, centred, with share, export and item-setting menus. */
export default function SinglePageItem({ info, itemKey, reloadItem }: Props) {
  const { t } = useTranslation('view');
  const rights = rightsOf(info);
  const mobile = useWindowWidth() < 1000;
  const pageId = Number(info.default_page_id ?? 0) || firstPageId(info.menu);
  const page = useApiData(() => (pageId ? call('page/info', { page_id: pageId }) : Promise.resolve(undefined)), [pageId]);
  const { ops, modals } = usePageActions({
    rights,
    itemKey,
    page: page.data,
    onPageDeleted: () => void reloadItem(),
    onPageChanged: () => void page.reload(),
  });

  return (
    <div className={`item-view iv-single${mobile ? ' iv-mobile' : ''}`}>
      <header className="iv-header">
        <div className="iv-item-name" title={info.item_name}>
          {info.item_name}
        </div>
        <PageOpBar ops={ops.filter((op) => SINGLE_PAGE_OPS.has(op.key))} primary={mobile ? ['login', 'share', 'edit'] : undefined} />
      </header>
      {info.preview && <PreviewBanner preview={info.preview} />}
      {rights.archived && <div className="iv-archived">{t('archived')}</div>}
      <main className="iv-content iv-single-content">
        {page.data ? <PageContent page={page.data} flags={info} /> : !page.loading && <div className="iv-empty">{t('emptyItem')}</div>}
      </main>
      <BackToTop />
      {modals}
    </div>
  );
}
