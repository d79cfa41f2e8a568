import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ItemInfo } from '@core/wire';
import { exportApi, spreadsheetApi } from '../../api/item.ts';

const ShareDialog = lazy(() => import('../../components/ShareDialog/ShareDialog.tsx'));

/** Back, whichever way the sheet was opened. */
export function useSheetBack(info: ItemInfo): () => void {
  const navigate = useNavigate();
  return () => (info.is_login ? navigate('/item/index') : navigate(-1));
}

/**
 * The sheet's More menu, for the lock editor and the live one alike: share, item setting for the
 * creator, import from and export to .xlsx, back. An imported workbook is handed to `onImported`
 * (the lock editor opens it unsaved, the live one stores it for everyone).
 */
export default function SheetMore(props: {
  info: ItemInfo;
  itemId: number;
  pageId: number;
  canEdit: boolean;
  canImport: boolean;
  uniqueKey: string;
  onUniqueKeyChange: (key: string) => void;
  onImported: (content: string, fileName: string) => Promise<void> | void;
  onBusy?: (busy: boolean) => void;
}) {
  const { info, itemId, pageId } = props;
  const { t } = useTranslation('view');
  const navigate = useNavigate();
  const back = useSheetBack(info);
  const [sharing, setSharing] = useState(false);
  const moreMenu = useRef<Menu>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const importWorkbook = async (file: File | undefined) => {
    if (!file) return;
    props.onBusy?.(true);
    try {
      const { sheets: imported } = await spreadsheetApi.importXlsx(itemId, file);
      await props.onImported(JSON.stringify(imported), file.name);
    } finally {
      props.onBusy?.(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const moreItems: MenuItem[] = [
    { label: t('ops.share'), icon: 'pi pi-share-alt', command: () => setSharing(true) },
    ...(info.ItemCreator ? [{ label: t('ops.itemSetting'), icon: 'pi pi-cog', command: () => navigate(`/item/setting/${itemId}`) }] : []),
    { label: t('spreadsheet.importXlsx'), icon: 'pi pi-upload', disabled: !props.canImport, command: () => fileInput.current?.click() },
    { label: t('spreadsheet.exportXlsx'), icon: 'pi pi-download', url: exportApi.xlsxUrl({ item_id: itemId }), target: '_self' },
    { label: t('common:actions.back'), icon: 'pi pi-arrow-left', command: back },
  ];

  return (
    <>
      <Menu model={moreItems} popup ref={moreMenu} id="sheet-more-menu" />
      <Button
        icon="pi pi-ellipsis-h"
        text
        label={t('spreadsheet.more')}
        aria-haspopup
        aria-controls="sheet-more-menu"
        onClick={(e) => moreMenu.current?.toggle(e)}
      />
      <input
        ref={fileInput}
        type="file"
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        hidden
        aria-label={t('spreadsheet.importXlsx')}
        onChange={(e) => void importWorkbook(e.target.files?.[0])}
      />
      {sharing && (
        <Suspense fallback={null}>
          <ShareDialog
            visible
            onHide={() => setSharing(false)}
            itemKey={String(info.item_domain || itemId)}
            pageId={pageId}
            canEdit={props.canEdit}
            uniqueKey={props.uniqueKey}
            onUniqueKeyChange={props.onUniqueKeyChange}
          />
        </Suspense>
      )}
    </>
  );
}
