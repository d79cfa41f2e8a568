import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { PageApiChange } from '@core/apiChanges';
import { apiChangeApi } from '../../api/apiChange.ts';

interface Props {
  pageId?: number | string;
  /** The page's item (links go to its changelog); absent on a share page. */
  itemId?: number | string;
  /** On a share page: the share key, which is what the changelog is opened with. */
  shareKey?: string;
}

/**
 * "Changed in version N": the latest API version that changed this operation's page (from
 * apiChange/page), linking to that version in the item's changelog. Nothing for pages no API
 * version touched. Loaded after the page, never blocking it.
 */
export default function ApiChangeBadge({ pageId, itemId, shareKey }: Props) {
  const { t } = useTranslation('view');
  const [latest, setLatest] = useState<PageApiChange | null>(null);
  useEffect(() => {
    let live = true;
    setLatest(null);
    if (!pageId && !shareKey) return;
    apiChangeApi
      .page(shareKey ? { unique_key: shareKey } : { page_id: pageId })
      .then((r) => live && setLatest(r.changes[0] ?? null))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [pageId, shareKey]);
  if (!latest) return null;
  const base = shareKey ? `/changelog/s/${encodeURIComponent(shareKey)}` : `/changelog/${itemId}`;
  const label = latest.breaking ? t('apiChange.breakingInVersion', { number: latest.number }) : t('apiChange.changedInVersion', { number: latest.number });
  return (
    <Link to={`${base}?version=${latest.version_id}`} className={`api-change-badge${latest.breaking ? ' breaking' : ''}`} title={t(`apiChange.kind.${latest.change}`)}>
      <i className="pi pi-history" aria-hidden /> {label}
    </Link>
  );
}
