import { Button } from 'primereact/button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommentAnchor } from '../../api/comment.ts';
import { anchorFromRange } from '../../lib/textAnchor.ts';

interface Props {
  /** The rendered page the selection must lie in. */
  root: HTMLElement | null;
  onComment: (anchor: CommentAnchor) => void;
}

/** A small "Comment" button beside text the reader selected in the page. */
export default function SelectionCommentButton({ root, onComment }: Props) {
  const { t } = useTranslation('comments');
  const [offer, setOffer] = useState<{ anchor: CommentAnchor; top: number; left: number } | null>(null);

  useEffect(() => {
    if (!root) return;
    const check = () => {
      const selection = root.ownerDocument.getSelection();
      const range = selection && selection.rangeCount ? selection.getRangeAt(0) : null;
      const anchor = range ? anchorFromRange(root, range) : null;
      if (!range || !anchor) return setOffer(null);
      const rect = range.getBoundingClientRect();
      // Fixed to the viewport, under the selection's end, kept on screen.
      setOffer({ anchor, top: Math.min(rect.bottom + 6, window.innerHeight - 44), left: Math.max(8, Math.min(rect.right - 40, window.innerWidth - 120)) });
    };
    const later = () => window.setTimeout(check, 0);
    const onScroll = () => setOffer(null);
    // mounted by the first selection: offer for it at once
    later();
    document.addEventListener('mouseup', later);
    document.addEventListener('keyup', later);
    document.addEventListener('touchend', later);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      document.removeEventListener('mouseup', later);
      document.removeEventListener('keyup', later);
      document.removeEventListener('touchend', later);
      window.removeEventListener('scroll', onScroll);
    };
  }, [root]);

  if (!offer) return null;
  return (
    <Button
      type="button"
      className="cm-selection-button"
      size="small"
      icon="pi pi-comment"
      label={t('commentSelection')}
      style={{ top: offer.top, left: offer.left }}
      // keep the selection while the button is pressed
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => {
        onComment(offer.anchor);
        setOffer(null);
        root?.ownerDocument.getSelection()?.removeAllRanges();
      }}
    />
  );
}
