import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { askConfirm } from '../../lib/confirm.ts';
import { clearDraft, loadDraft, shouldOfferDraft } from '../../lib/drafts.ts';

/** A draft from an earlier session is offered once, when it is worth offering (spec §4). */
export function useDraftOffer(key: string, initialContent: string, restore: (draft: string) => void, enabled = true): void {
  const { t } = useTranslation('editor');
  useEffect(() => {
    if (!enabled) return;
    const draft = loadDraft(key);
    if (!shouldOfferDraft(draft, initialContent)) return;
    void askConfirm(t('draft.restore')).then((ok) => {
      if (ok) restore(draft);
      else clearDraft(key);
    });
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
}
