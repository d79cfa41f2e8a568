import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommentReply, CommentThread } from '../../api/comment.ts';
import { askConfirm } from '../../lib/confirm.ts';
import CommentComposer from './CommentComposer.tsx';
import CommentEntry from './CommentEntry.tsx';

export interface ThreadActions {
  reply: (thread: CommentThread, content: string) => Promise<void>;
  edit: (comment: CommentReply, content: string) => Promise<void>;
  remove: (comment: CommentReply) => Promise<void>;
  resolve: (thread: CommentThread, resolved: boolean) => Promise<void>;
}

interface Props {
  thread: CommentThread;
  selected: boolean;
  canComment: boolean;
  onSelect: () => void;
  actions: ThreadActions;
}

/**
 * A thread: its quote (an inline comment; "outdated" with the original quote when the text left
 * the page), the opening comment, replies, a reply box, and resolve/reopen when the server allows.
 */
export default function ThreadCard({ thread, selected, canComment, onSelect, actions }: Props) {
  const { t } = useTranslation('comments');
  const [replying, setReplying] = useState(false);
  const anchor = thread.anchor;
  const remove = async (comment: CommentReply, isThread: boolean) => {
    // a refusal was shown by the client; the comment stays listed
    if (await askConfirm(isThread ? t('confirmDeleteThread') : t('confirmDelete'))) await actions.remove(comment).catch(() => undefined);
  };
  const resolved = !!Number(thread.resolved);
  const outdated = thread.outdated;
  return (
    <li
      className={`cm-thread${selected ? ' cm-selected' : ''}${resolved ? ' cm-resolved' : ''}`}
      data-thread-id={thread.comment_id}
      aria-current={selected ? 'true' : undefined}
      onClick={onSelect}
      // keyboard users select a thread by moving into it (its buttons)
      onFocus={onSelect}
    >
      {anchor && (
        <blockquote className={`cm-quote${outdated ? ' cm-quote-outdated' : ''}`}>
          {outdated && <span className="cm-tag cm-tag-outdated">{t('outdated')}</span>}
          {anchor.quote}
        </blockquote>
      )}
      {resolved && <span className="cm-tag cm-tag-resolved">{t('resolvedTag')}</span>}
      <CommentEntry comment={thread} onEdit={(c) => actions.edit(thread, c)} onDelete={() => void remove(thread, true)} />
      {thread.replies.length > 0 && (
        <ul className="cm-replies" aria-label={t('replies')}>
          {thread.replies.map((reply) => (
            <li key={reply.comment_id}>
              <CommentEntry comment={reply} onEdit={(c) => actions.edit(reply, c)} onDelete={() => void remove(reply, false)} />
            </li>
          ))}
        </ul>
      )}
      <div className="cm-thread-actions">
        {canComment && !resolved && !replying && (
          <Button type="button" size="small" text icon="pi pi-reply" label={t('reply')} onClick={() => setReplying(true)} />
        )}
        {thread.can_resolve && (
          <Button
            type="button"
            size="small"
            text
            icon={resolved ? 'pi pi-replay' : 'pi pi-check-circle'}
            label={resolved ? t('reopen') : t('resolve')}
            onClick={() => void actions.resolve(thread, !resolved).catch(() => undefined)}
          />
        )}
      </div>
      {replying && (
        <CommentComposer
          autoFocus
          placeholder={t('replyPlaceholder')}
          submitLabel={t('reply')}
          onCancel={() => setReplying(false)}
          onSubmit={async (content) => {
            await actions.reply(thread, content);
            setReplying(false);
          }}
        />
      )}
    </li>
  );
}
