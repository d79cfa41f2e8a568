import { call } from '../api/client.ts';
import { useState } from 'react';
import type { Id, PageView } from '@core/wire';
import { useApiData } from './useApiData.ts';

/**
 * A page by id for a reader (page/info), with the server's reason when it cannot be shown
 * (outside the caller's catalogs, deleted…). The call is quiet: the screen shows that one reason
 * where the page would be, instead of a toast saying one thing and the page area another. The
 * password screen (10303) and login redirects still apply. Id 0 loads nothing.
 */
export function usePageInfo(pageId: Id) {
  const [problem, setProblem] = useState('');
  const loaded = useApiData(
    () =>
      Number(pageId) > 0
        ? call('page/info', { page_id: pageId }, { quiet: true }).catch((err: unknown) => {
            setProblem(err instanceof Error ? err.message : '');
            throw err;
          })
        : Promise.resolve(undefined as PageView | undefined),
    [pageId],
  );
  return { ...loaded, problem };
}
