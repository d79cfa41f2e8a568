import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LONG_PAGE_THRESHOLD } from '@core/limits';
import { notify } from '../../state/notify.ts';

const longPageNoticeKey = (key: string) => `folio_long_page_notice_${key}`;

/**
 * The live preview: on at start unless on a phone or the page is long. A page that grows past
 * LONG_PAGE_THRESHOLD turns it off, with one message per page (spec §4), unless the user chose
 * with the toggle.
 */
export function usePreview(content: string, opts: { mobile: boolean; pageId: number; itemId: number }) {
  const { t } = useTranslation('editor');
  const [preview, setPreview] = useState(() => !opts.mobile && content.length <= LONG_PAGE_THRESHOLD);
  const chosen = useRef(false);
  const longPage = content.length > LONG_PAGE_THRESHOLD;
  const { pageId, itemId } = opts;
  useEffect(() => {
    if (!longPage || chosen.current) return;
    setPreview(false);
    const noticeKey = longPageNoticeKey(pageId > 0 ? String(pageId) : `new_${itemId}`);
    if (!localStorage.getItem(noticeKey)) {
      localStorage.setItem(noticeKey, '1');
      notify('info', t('longPage', { count: LONG_PAGE_THRESHOLD }));
    }
  }, [longPage, pageId, itemId, t]);
  const toggle = useCallback(() => {
    chosen.current = true;
    setPreview((p) => !p);
  }, []);
  return { preview, toggle };
}
