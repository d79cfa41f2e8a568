import { Button } from 'primereact/button';
import { useCallback, useEffect, useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { commentApi, type CommentAnchor, type CommentThread } from '../../api/comment.ts';
import { askConfirm } from '../../lib/confirm.ts';
import { highlightRange, rangeOfAnchor } from '../../lib/textAnchor.ts';
import { watermarkBackground } from '../../lib/watermark.ts';
import CommentPanel from './CommentPanel.tsx';
import PageFeedback from './PageFeedback.tsx';
import SelectionCommentButton from './SelectionCommentButton.tsx';
import type { ThreadActions } from './ThreadCard.tsx';
import { useThreads } from './useThreads.ts';
import { useViewerName } from './useViewerName.ts';
import './Discussion.css';

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

  // The quote of the thread being written or looked at is marked in the page.
  const marked = pending ?? (selected && !selected.outdated ? selected.anchor : null);
  useEffect(() => {
    if (!root || !marked || !open) {
      highlightRange(null);
      return;
    }
    const range = rangeOfAnchor(root, marked);
    highlightRange(range);
    const rect = range?.getBoundingClientRect();
    if (rect && (rect.top < 60 || rect.bottom > window.innerHeight)) window.scrollBy({ top: rect.top - window.innerHeight / 3 });
    return () => highlightRange(null);
  }, [root, marked, open]);

  const actions: ThreadActions = useMemo(
    () => ({
      reply: async (thread, content) => {
        await commentApi.save({ page_id: pageId, content, parent_id: thread.comment_id });
        await reload();
      },
      edit: async (comment, content) => {
        await commentApi.save({ page_id: pageId, content, comment_id: comment.comment_id });
        await reload();
      },
      remove: (comment, isThread) => {
        void askConfirm(isThread ? t('confirmDeleteThread') : t('confirmDelete')).then(async (ok) => {
          if (!ok) return;
          await commentApi.delete(comment.comment_id);
          await reload();
        });
      },
      resolve: async (thread, resolved) => {
        await commentApi.resolve(thread.comment_id, resolved);
        await reload();
      },
    }),
    [pageId, reload, t],
  );

  const create = useCallback(
    async (content: string) => {
      await commentApi.save({ page_id: pageId, content, anchor: pending ?? undefined });
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
      <CommentPanel
        list={list}
        status={status}
        onStatus={setStatus}
        pending={pending}
        onCancelPending={() => setPending(null)}
        onCreate={create}
        selectedId={selected?.comment_id ?? 0}
        onSelect={(thread) => setSelected(thread)}
        actions={actions}
        onClose={() => {
          setOpen(false);
          setPending(null);
          setSelected(null);
        }}
      />
    ) : null;

  const selectionButton = list?.can_comment ? (
    <SelectionCommentButton
      root={root}
      onComment={(anchor) => {
        setPending(anchor);
        setSelected(null);
        setOpen(true);
      }}
    />
  ) : null;

  const feedback = Number(flags?.allow_feedback) > 0 ? <PageFeedback key={pageId} pageId={pageId} /> : null;

  const watermark = Number(flags?.show_watermark) > 0;
  const viewer = useViewerName(watermark);
  // the viewer's own date, as YYYY-MM-DD
  const today = new Intl.DateTimeFormat('en-CA').format(new Date());
  const who = viewer || t('guest');
  const watermarkStyle = useMemo(() => (watermark ? ({ '--folio-watermark': watermarkBackground(who, today) } as CSSProperties) : undefined), [watermark, who, today]);

  return { headerButton, panel, selectionButton, feedback, watermarkStyle, open: !!panel };
}

/** The switches of an answer that may carry them (a shared page's). */
export function discussionFlagsOf(answer: object): DiscussionFlags {
  const { allow_comment, allow_feedback, show_watermark } = answer as DiscussionFlags;
  return { allow_comment, allow_feedback, show_watermark };
}
