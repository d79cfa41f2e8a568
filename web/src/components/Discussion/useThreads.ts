import { call } from '../../api/client.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type CommentList, type ThreadStatus } from '../../api/comment.ts';

/**
 * A page's threads under a status filter. Quiet: a reader who may not see them (comments off,
 * anonymous where the item does not show them) simply gets no discussion, not an error or a login
 * redirect.
 */
export function useThreads(pageId: number, enabled: boolean) {
  const [status, setStatus] = useState<ThreadStatus>('open');
  const [list, setList] = useState<CommentList | null>(null);
  const seq = useRef(0);
  const reload = useCallback(async () => {
    const mine = ++seq.current;
    if (!enabled || !pageId) {
      setList(null);
      return;
    }
    try {
      const answer = await call('comment/list', { page_id: pageId, status }, { quiet: true });
      if (mine === seq.current) setList(answer);
    } catch {
      if (mine === seq.current) setList(null);
    }
  }, [pageId, status, enabled]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { list, status, setStatus, reload };
}
