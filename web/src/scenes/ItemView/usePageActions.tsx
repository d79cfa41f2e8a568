import { call } from '../../api/client.ts';
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ItemInfo, PageHistory, PageView } from '@core/wire';
import { isOn } from '../../api/types.ts';
import type { PageOp } from '../../components/PageOpBar/PageOpBar.tsx';
import { askConfirm } from '../../lib/confirm.ts';
import { savePage } from '../../lib/savePage.ts';
import { notify } from '../../state/notify.ts';
import { currentLocation } from '../../state/navigation.ts';

// Modals are split out: a reader who never opens them never downloads them.
const ShareDialog = lazy(() => import('../../components/ShareDialog/ShareDialog.tsx'));
const HistoryModal = lazy(() => import('../../components/HistoryModal/HistoryModal.tsx'));
const AttachmentsModal = lazy(() => import('../../components/AttachmentsModal/AttachmentsModal.tsx'));

export interface ItemRights {
  itemId: number;
  isLogin: boolean;
  canEdit: boolean;
  isCreator: boolean;
  archived: boolean;
}

export function rightsOf(info: ItemInfo): ItemRights {
  const archived = isOn(info.is_archived);
  return {
    itemId: Number(info.item_id),
    isLogin: !!info.is_login,
    // the server already folds archive and type-3 rules into the flags; archive is re-checked
    // so a stale flag never shows an edit button on a read-only item
    canEdit: !!info.ItemPermn && !archived,
    isCreator: !!info.ItemCreator,
    archived,
  };
}

interface Options {
  rights: ItemRights;
  itemKey: string;
  page: PageView | undefined;
  /** After a delete or restore. */
  onPageDeleted: () => void;
  onPageChanged: () => void;
}

/**
 * The page operations both item layouts offer (share, detail, history, attachments, edit, copy,
 * delete, export, settings…), their modals, and the Ctrl+E / Ctrl+Delete shortcuts.
 */
export function usePageActions({ rights, itemKey, page, onPageDeleted, onPageChanged }: Options): { ops: PageOp[]; modals: ReactNode } {
  const { t } = useTranslation('view');
  const navigate = useNavigate();
  const [open, setOpen] = useState<'share' | 'history' | 'attachments' | 'detail' | null>(null);
  const [attachmentCount, setAttachmentCount] = useState(0);
  const [uniqueKey, setUniqueKey] = useState('');
  const pageId = page ? Number(page.page_id) : 0;
  const { itemId, canEdit, isCreator, isLogin } = rights;
  // The page's own rights (page/info): an editor limited to some catalogs, or one who did not
  // write the page, is offered only what the server would accept.
  const mayEditPage = canEdit && !!page?.page_edit;
  const mayDeletePage = !!page?.page_delete;

  useEffect(() => {
    setAttachmentCount(Number(page?.attachment_count ?? 0));
    setUniqueKey(String(page?.unique_key ?? ''));
  }, [page]);

  const edit = useCallback(() => pageId && navigate(`/page/edit/${itemId}/${pageId}`), [navigate, itemId, pageId]);
  const remove = useCallback(async () => {
    if (!page || !(await askConfirm(t('deleteConfirm', { title: page.page_title })))) return;
    await call('page/delete', { page_id: pageId });
    notify('success', t('deleted'));
    onPageDeleted();
  }, [page, pageId, onPageDeleted, t]);

  useEffect(() => {
    if (!mayEditPage || !pageId) return;
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey)) return;
      if (e.key === 'e' || e.key === 'E') {
        e.preventDefault();
        void edit();
      } else if (e.key === 'Delete' && mayDeletePage) {
        e.preventDefault();
        void remove();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [mayEditPage, mayDeletePage, pageId, edit, remove]);

  const restore = async (version: PageHistory) => {
    if (!page) return;
    await savePage({
      page_id: pageId,
      item_id: itemId,
      page_title: page.page_title,
      page_content: version.page_content,
      cat_id: page.cat_id,
      s_number: page.s_number,
      base_revision: page.revision as number | undefined,
    });
    notify('success', t('restored'));
    onPageChanged();
  };

  const ops: PageOp[] = [
    {
      key: 'login',
      icon: 'pi-sign-in',
      label: t('ops.login'),
      show: !isLogin,
      onClick: () => navigate(`/user/login?redirect=${encodeURIComponent(currentLocation())}`),
    },
    { key: 'back', icon: 'pi-arrow-left', label: t('ops.back'), show: isLogin, onClick: () => navigate('/item/index') },
    { key: 'share', icon: 'pi-share-alt', label: t('ops.share'), show: true, onClick: () => setOpen('share') },
    { key: 'detail', icon: 'pi-info-circle', label: t('ops.detail'), show: !!page, onClick: () => setOpen('detail') },
    { key: 'newPage', icon: 'pi-plus', label: t('ops.newPage'), show: canEdit, onClick: () => navigate(`/page/edit/${itemId}/0`) },
    { key: 'catalog', icon: 'pi-sitemap', label: t('ops.manageCatalog'), show: canEdit, onClick: () => navigate(`/catalog/${itemId}`) },
    { key: 'edit', icon: 'pi-pencil', label: t('ops.edit'), show: mayEditPage, onClick: edit },
    { key: 'copy', icon: 'pi-clone', label: t('ops.copy'), show: canEdit && !!page, onClick: () => navigate(`/page/edit/${itemId}/0?copy_page_id=${pageId}`) },
    { key: 'history', icon: 'pi-history', label: t('ops.history'), show: !!page, onClick: () => setOpen('history') },
    {
      key: 'attachments',
      icon: 'pi-paperclip',
      label: t('ops.attachments'),
      show: !!page && (canEdit || attachmentCount > 0),
      badge: attachmentCount,
      onClick: () => setOpen('attachments'),
    },
    { key: 'export', icon: 'pi-download', label: t('ops.export'), show: canEdit, onClick: () => navigate(`/item/export/${itemId}`) },
    { key: 'delete', icon: 'pi-trash', label: t('ops.delete'), show: mayDeletePage, danger: true, onClick: () => void remove() },
    { key: 'setting', icon: 'pi-cog', label: t('ops.itemSetting'), show: isCreator, onClick: () => navigate(`/item/setting/${itemId}`) },
  ];

  const close = () => setOpen(null);
  const modals = (
    <Suspense fallback={null}>
      {open === 'share' && (
        <ShareDialog visible onHide={close} itemKey={itemKey} pageId={pageId} canEdit={canEdit} uniqueKey={uniqueKey} onUniqueKeyChange={setUniqueKey} />
      )}
      {open === 'history' && pageId > 0 && <HistoryModal visible onHide={close} pageId={pageId} onRestore={mayEditPage ? restore : undefined} />}
      {open === 'attachments' && pageId > 0 && (
        <AttachmentsModal visible onHide={close} pageId={pageId} itemId={itemId} canEdit={canEdit} onCountChange={setAttachmentCount} />
      )}
      {open === 'detail' && page && (
        <Dialog header={t('detail.title')} visible onHide={close} style={{ width: 'min(440px, 94vw)' }} dismissableMask>
          <dl className="page-detail">
            <dt>{t('detail.pageTitle')}</dt>
            <dd>{page.page_title}</dd>
            <dt>{t('detail.author')}</dt>
            <dd>{page.author_username ?? ''}</dd>
            <dt>{t('detail.time')}</dt>
            <dd>{page.addtime ?? ''}</dd>
            <dt>{t('detail.pageId')}</dt>
            <dd>{pageId}</dd>
            <dt>{t('detail.order')}</dt>
            <dd>{String(page.s_number ?? '')}</dd>
          </dl>
        </Dialog>
      )}
    </Suspense>
  );
  return { ops, modals };
}
