import { Button } from 'primereact/button';
import { SelectButton } from 'primereact/selectbutton';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { highlightRange, rangeOfAnchor } from '../../lib/textAnchor.ts';
import { useSession } from '../../hooks/useSession.ts';
import type { CommentAnchor, CommentList, CommentThread, ThreadStatus } from '../../api/comment.ts';
import CommentComposer from './CommentComposer.tsx';
import ThreadCard, { type ThreadActions } from './ThreadCard.tsx';

interface Props {
  list: CommentList;
  status: ThreadStatus;
  onStatus: (status: ThreadStatus) => void;
  /** The text the reader chose to comment on, waiting for the new thread's first comment. */
  pending: CommentAnchor | null;
  onCancelPending: () => void;
  onCreate: (content: string) => Promise<void>;
  /** The rendered page, and the quote to mark in it (the thread being written or looked at). */
  root: HTMLElement | null;
  marked: CommentAnchor | null;
  selectedId: number;
  onSelect: (thread: CommentThread) => void;
  actions: ThreadActions;
  onClose: () => void;
}

/** The thread list beside the page: open / resolved / all, the new-thread box, the threads. */
export default function CommentPanel({
  list,
  status,
  onStatus,
  pending,
  onCancelPending,
  onCreate,
  root,
  marked,
  selectedId,
  onSelect,
  actions,
  onClose,
}: Props) {
  const { t } = useTranslation('comments');
  const user = useSession();
  // The marked quote is highlighted in the page while the panel is open, and scrolled into view
  // where the panel is beside the page (on a phone it is under it: scrolling would leave the panel).
  useEffect(() => {
    const range = root && marked ? rangeOfAnchor(root, marked) : null;
    highlightRange(range);
    const rect = range?.getBoundingClientRect();
    if (rect && window.matchMedia('(min-width: 1000px)').matches && (rect.top < 60 || rect.bottom > window.innerHeight))
      window.scrollBy({ top: rect.top - window.innerHeight / 3 });
    return () => highlightRange(null);
  }, [root, marked]);
  const filters = (['open', 'resolved', 'all'] as const).map((value) => ({
    value,
    label:
      value === 'open'
        ? t('filter.open', { count: list.open_count })
        : value === 'resolved'
          ? t('filter.resolved', { count: list.resolved_count })
          : t('filter.all'),
  }));
  return (
    <aside className="cm-panel" aria-label={t('panel')}>
      <div className="cm-panel-head">
        <h2>{t('panel')}</h2>
        <Button type="button" icon="pi pi-times" text rounded size="small" aria-label={t('close')} onClick={onClose} />
      </div>
      <SelectButton
        className="cm-filter"
        value={status}
        options={filters}
        allowEmpty={false}
        aria-label={t('filter.label')}
        onChange={(e) => onStatus(e.value as ThreadStatus)}
      />
      {list.can_comment ? (
        <div className={`cm-new${pending ? ' cm-new-inline' : ''}`}>
          {pending && (
            <blockquote className="cm-quote">
              {pending.quote}
              <Button type="button" icon="pi pi-times" text rounded size="small" aria-label={t('cancelQuote')} onClick={onCancelPending} />
            </blockquote>
          )}
          <CommentComposer
            key={pending ? pending.quote : 'page'}
            autoFocus={!!pending}
            placeholder={pending ? t('inlinePlaceholder') : t('newPlaceholder')}
            submitLabel={t('send')}
            onSubmit={onCreate}
          />
        </div>
      ) : (
        <p className="cm-muted">{user ? t('cannotComment') : t('loginToComment')}</p>
      )}
      {list.threads.length ? (
        <ul className="cm-threads">
          {list.threads.map((thread) => (
            <ThreadCard
              key={thread.comment_id}
              thread={thread}
              selected={thread.comment_id === selectedId}
              canComment={list.can_comment}
              onSelect={() => onSelect(thread)}
              actions={actions}
            />
          ))}
        </ul>
      ) : (
        <p className="cm-muted">{t(`empty.${status}`)}</p>
      )}
    </aside>
  );
}
