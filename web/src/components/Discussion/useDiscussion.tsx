import { call } from '../../api/client.ts';
import { Button } from 'primereact/button';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { type CommentAnchor, type CommentThread } from '../../api/comment.ts';
import { watermarkBackground } from '../../lib/watermark.ts';
import PageFeedback from './PageFeedback.tsx';
import type { ThreadActions } from './ThreadCard.tsx';
import { useThreads } from './useThreads.ts';
import { useViewerName } from './useViewerName.ts';
import './Discussion.css';

// The panel (text boxes, filter, confirm) loads when a reader opens it: not part of the reader route's first download.
const CommentPanel = lazy(() => import('./CommentPanel.tsx'));
// Offered only to readers who may comment.
const SelectionCommentButton = lazy(() => import('./SelectionCommentButton.tsx'));

/** ShowDoc's item switches as item/info (or a shared page) carries them; absent means off. */
export interface DiscussionFlags {
  allow_comment?: number | string;
  allow_feedback?: number | string;
  show_watermark?: number | string;
}

interface Options {
  pageId: number;
  flags: DiscussionFlags | undefined;
  /** The rendered page (MarkdownView's root), for selections and highlights. */
  root: HTMLElement | null;
}

/**
 * Everything issue #24 adds around a page, for the hosts of PageContent: the comment count
 * button of the page header, the thread panel, the "Comment" button on a selection with the
 * highlight of the open thread's quote, the "Was this page helpful?" foot, and the watermark.
 */
export function useDiscussion({ pageId, flags, root }: Options) {
  const { t } = useTranslation('comments');
  // Without flags (a share page whose answer does not carry them) the server decides: list quietly.
  const commentsOn = flags?.allow_comment === undefined || Number(flags.allow_comment) > 0;
  const { list, status, setStatus, reload } = useThreads(pageId, commentsOn);
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState<CommentAnchor | null>(null);
  const [selected, setSelected] = useState<CommentThread | null>(null);

  // Another page: nothing of the last one stays selected.
  useEffect(() => {
    setPending(null);
    setSelected(null);
  }, [pageId]);

  // The quote of the thread being written or looked at is marked in the page (by the open panel).
  const marked = pending ?? (selected && !selected.outdated ? selected.anchor : null);

  const actions: ThreadActions = useMemo(
    () => ({
      reply: async (thread, content) => {
        await call('comment/save', { page_id: pageId, content, parent_id: thread.comment_id });
        await reload();
      },
      edit: async (comment, content) => {
        await call('comment/save', { page_id: pageId, content, comment_id: comment.comment_id });
        await reload();
      },
      remove: async (comment) => {
        await call('comment/delete', { comment_id: comment.comment_id });
        await reload();
      },
      resolve: async (thread, resolved) => {
        await call('comment/resolve', { comment_id: thread.comment_id, resolved: resolved ? 1 : 0 });
        await reload();
      },
    }),
    [pageId, reload],
  );

  const create = useCallback(
    async (content: string) => {
      await call('comment/save', { page_id: pageId, content, anchor: pending ?? undefined });
      setPending(null);
      if (status === 'resolved') setStatus('open');
      else await reload();
    },
    [pageId, pending, reload, status, setStatus],
  );

  const visible = !!list && (list.can_comment || list.open_count + list.resolved_count > 0);
  const count = list?.open_count ?? 0;
  const headerButton = visible ? (
    <Button
      type="button"
      size="small"
      text
      icon="pi pi-comments"
      className="cm-count"
      label={t('count', { count })}
      aria-expanded={open}
      onClick={() => setOpen((o) => !o)}
    />
  ) : null;

  const panel =
    visible && open && list ? (
      <Suspense fallback={null}>
        <CommentPanel
          list={list}
          status={status}
          onStatus={setStatus}
          pending={pending}
          onCancelPending={() => setPending(null)}
          onCreate={create}
          root={root}
          marked={marked}
          selectedId={selected?.comment_id ?? 0}
          // the same thread again (a click or focus inside it) keeps the mark where it is
          onSelect={(thread) => setSelected((prev) => (prev?.comment_id === thread.comment_id ? prev : thread))}
          actions={actions}
          onClose={() => {
            setOpen(false);
            setPending(null);
            setSelected(null);
          }}
        />
      </Suspense>
    ) : null;

  // The "Comment" button's code loads with the reader's first selection in the page.
  const [selecting, setSelecting] = useState(false);
  const mayComment = !!list?.can_comment;
  useEffect(() => {
    if (!root || !mayComment || selecting) return;
    const onUp = () => {
      const selection = root.ownerDocument.getSelection();
      if (selection && !selection.isCollapsed && root.contains(selection.anchorNode)) setSelecting(true);
    };
    document.addEventListener('mouseup', onUp);
    document.addEventListener('keyup', onUp);
    document.addEventListener('touchend', onUp);
    return () => {
      document.removeEventListener('mouseup', onUp);
      document.removeEventListener('keyup', onUp);
      document.removeEventListener('touchend', onUp);
    };
  }, [root, mayComment, selecting]);

  const selectionButton =
    mayComment && selecting ? (
      <Suspense fallback={null}>
        <SelectionCommentButton
          root={root}
          onComment={(anchor) => {
            setPending(anchor);
            setSelected(null);
            setOpen(true);
          }}
        />
      </Suspense>
    ) : null;

  const feedback = Number(flags?.allow_feedback) > 0 ? <PageFeedback key={pageId} pageId={pageId} /> : null;

  const watermark = Number(flags?.show_watermark) > 0;
  const viewer = useViewerName(watermark);
  // the viewer's own date, as YYYY-MM-DD
  const today = new Intl.DateTimeFormat('en-CA').format(new Date());
  // Until user/info answers, the date alone: a signed-in reader is never labelled a guest meanwhile.
  const who = viewer === null ? '' : viewer || t('guest');
  const watermarkStyle = useMemo(
    () => (watermark ? ({ '--folio-watermark': watermarkBackground(who, today) } as CSSProperties) : undefined),
    [watermark, who, today],
  );

  return { headerButton, panel, selectionButton, feedback, watermarkStyle, open: !!panel };
}

/** The switches of an answer that may carry them (a shared page's). */
export function discussionFlagsOf(answer: object): DiscussionFlags {
  const { allow_comment, allow_feedback, show_watermark } = answer as DiscussionFlags;
  return { allow_comment, allow_feedback, show_watermark };
}
