import { call } from '../../api/client.ts';
import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import { type CommentAnchor } from '../../api/comment.ts';
import CommentComposer from '../../components/Discussion/CommentComposer.tsx';
import { notify } from '../../state/notify.ts';
import '../../components/Discussion/Discussion.css';

interface Props {
  pageId: number;
  anchor: CommentAnchor;
  onHide: () => void;
}

/** An inline comment started in the editor: the selected text (its Markdown stripped) and the first comment. */
export default function EditorCommentDialog({ pageId, anchor, onHide }: Props) {
  const { t } = useTranslation('comments');
  return (
    <Dialog header={t('editorDialog')} visible onHide={onHide} style={{ width: 'min(480px, 94vw)' }} modal>
      <blockquote className="cm-quote">{anchor.quote}</blockquote>
      <CommentComposer
        autoFocus
        placeholder={t('inlinePlaceholder')}
        submitLabel={t('send')}
        onCancel={onHide}
        onSubmit={async (content) => {
          await call('comment/save', { page_id: pageId, content, anchor });
          notify('success', t('added'));
          onHide();
        }}
      />
    </Dialog>
  );
}
