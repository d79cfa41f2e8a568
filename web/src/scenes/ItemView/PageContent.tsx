import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { requestFromApiMarkdown } from '@core/apiRequest';
import type { PageInfo } from '@core/wire';
import MarkdownView from '../../components/MarkdownView/MarkdownView.tsx';
import ApiChangeBadge from '../../components/ApiChangeBadge/ApiChangeBadge.tsx';
import { scrollToHash } from '../../components/MarkdownView/enhance.ts';
import { useDiscussion, type DiscussionFlags } from '../../components/Discussion/useDiscussion.tsx';
import PresenceBar from '../../live/PresenceBar.tsx';
import { useLiveReader } from '../../live/useLiveReader.ts';
import '../ApiChangelog/ApiChangelog.css';

// Only readers who open the tool download it.
const HttpTestDialog = lazy(() => import('../../components/HttpTest/HttpTestDialog.tsx'));

interface Props {
  /** A page of the item, or a shared page (which names no item). */
  page: Omit<PageInfo, 'item_id' | 'cat_id'> & { item_id?: number };
  onRendered?: (root: HTMLElement) => void;
  /** On a share page: its key (the API-change badge reads through it). */
  shareKey?: string;
  /** The item's comment, feedback and watermark switches (item/info). */
  flags?: DiscussionFlags;
}

/**
 * A page's title, last-edit line, the HTTP test button of API pages, and the rendered Markdown;
 * with its discussion (issue #24): comment count and thread panel, inline comments, the
 * "helpful?" foot and the watermark, as the item's switches allow. A live page re-renders as it is edited.
 */
export default function PageContent({ page, onRendered, shareKey, flags }: Props) {
  const { t } = useTranslation('view');
  // A live page (issue #22) shows the text as its editors type it.
  const live = useLiveReader(Number(page.page_id), shareKey);
  const content = live.text ?? page.page_content ?? '';
  const request = useMemo(() => requestFromApiMarkdown(content), [content]);
  const [testing, setTesting] = useState(false);
  // `?page_id=N#section`: scroll to the section once per page and anchor, when the page has rendered.
  const scrolledFor = useRef('');
  const [root, setRoot] = useState<HTMLElement | null>(null);
  const rendered = useCallback(
    (el: HTMLElement) => {
      setRoot(el);
      const key = `${page.page_id}${window.location.hash}`;
      if (scrolledFor.current !== key && scrollToHash(el, window.location.hash)) scrolledFor.current = key;
      onRendered?.(el);
    },
    [page.page_id, onRendered],
  );
  const discussion = useDiscussion({ pageId: Number(page.page_id), flags, root });
  return (
    <div className={`cm-layout${discussion.open ? ' cm-layout-open' : ''}`}>
      <article className={`iv-article${discussion.watermarkStyle ? ' cm-watermark' : ''}`} style={discussion.watermarkStyle} aria-labelledby="iv-page-title">
        <h1 id="iv-page-title" className="iv-page-title">
          {page.page_title}
        </h1>
        <div className="iv-page-meta">
          {page.addtime && <span>{t('updatedBy', { author: page.author_username ?? '', time: page.addtime })}</span>}
          <ApiChangeBadge pageId={page.page_id} itemId={page.item_id} shareKey={shareKey} />
          {request && <Button icon="pi pi-send" size="small" outlined label={t('httpTest.open')} className="iv-http-test" onClick={() => setTesting(true)} />}
          {discussion.headerButton}
          <PresenceBar people={live.people} />
        </div>
        <MarkdownView source={content} tocTitle={t('toc')} onRendered={rendered} />
        {discussion.feedback}
        {testing && request && (
          <Suspense fallback={null}>
            <HttpTestDialog visible onHide={() => setTesting(false)} itemId={page.item_id ?? 0} draft={request} />
          </Suspense>
        )}
      </article>
      {discussion.panel}
      {discussion.selectionButton}
    </div>
  );
}
