import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SPREADSHEET_DRAFT_SECONDS } from '@core/limits';
import { askConfirm } from '../../lib/confirm.ts';
import { clearDraft, draftKey, loadDraft, shouldOfferDraft } from '../../lib/drafts.ts';
import { useDraftAutosave } from '../PageEditor/useDraftAutosave.ts';

/**
 * The spreadsheet's browser draft (spec §4, §9): written every 30 s per page while the sheet
 * differs from the saved one, offered back once when the page opens for editing.
 */
export function useSheetDraft(opts: {
  itemId: number;
  pageId: number;
  saved: string | null;
  current: () => string;
  enabled: boolean;
  onRestore: (content: string) => void;
}) {
  const { t } = useTranslation('editor');
  const key = draftKey(opts.itemId, opts.pageId);
  useDraftAutosave(key, opts.current, opts.saved ?? '', opts.enabled && opts.saved != null, SPREADSHEET_DRAFT_SECONDS);

  useEffect(() => {
    if (!opts.enabled || opts.saved == null) return;
    const draft = loadDraft(key);
    if (!shouldOfferDraft(draft, opts.saved)) return;
    void askConfirm(t('draft.restore')).then((ok) => (ok ? opts.onRestore(draft) : clearDraft(key)));
  }, [key, opts.enabled, opts.saved != null]); // eslint-disable-line react-hooks/exhaustive-deps

  return { clear: () => clearDraft(key) };
}
