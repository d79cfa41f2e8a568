import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommentReply } from '../../api/comment.ts';
import { viewerTime } from '../../lib/viewerTime.ts';
import CommentBody from './CommentBody.tsx';
import CommentComposer from './CommentComposer.tsx';

interface Props {
  comment: CommentReply;
  onEdit: (content: string) => Promise<void>;
  onDelete: () => void;
}

/** One comment: author, time in the viewer's zone, the rendered body, and edit/delete when the server allows. */
export default function CommentEntry({ comment, onEdit, onDelete }: Props) {
  const { t, i18n } = useTranslation('comments');
  const [editing, setEditing] = useState(false);
  const edited = comment.updated_at > comment.created_at;
  return (
    <div className="cm-entry" data-comment-id={comment.comment_id}>
      <div className="cm-entry-head">
        <span className="cm-author">{comment.author_username || t('unknownAuthor')}</span>
        <time className="cm-time">{viewerTime(comment.created_at, i18n.language)}</time>
        {edited && <span className="cm-edited">{t('edited')}</span>}
        <span className="cm-entry-actions">
          {comment.can_edit && !editing && (
            <Button type="button" icon="pi pi-pencil" text rounded size="small" aria-label={t('edit')} title={t('edit')} onClick={() => setEditing(true)} />
          )}
          {comment.can_delete && (
            <Button
              type="button"
              icon="pi pi-trash"
              text
              rounded
              size="small"
              severity="danger"
              aria-label={t('delete')}
              title={t('delete')}
              onClick={onDelete}
            />
          )}
        </span>
      </div>
      {editing ? (
        <CommentComposer
          initial={comment.content}
          autoFocus
          placeholder={t('editPlaceholder')}
          submitLabel={t('save')}
          onCancel={() => setEditing(false)}
          onSubmit={async (content) => {
            await onEdit(content);
            setEditing(false);
          }}
        />
      ) : (
        <CommentBody markdown={comment.content} />
      )}
    </div>
  );
}
