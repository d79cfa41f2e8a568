import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { PageApiChange } from '@core/apiChanges';
import { call } from '../../api/client.ts';

interface Props {
  pageId?: number | string;
  /** The page's item (links go to its changelog); absent on a share page. */
  itemId?: number | string;
  /** On a share page: the share key, which is what the changelog is opened with. */
  shareKey?: string;
}

/**
 * "Changed in version N": the latest API version that changed this operation's page (from
 * apiChange/page), linking to that version in the item's changelog when the reader may open it.
 * Nothing for pages no API version touched. Loaded after the page, never blocking it.
 */
export default function ApiChangeBadge({ pageId, itemId, shareKey }: Props) {
  const { t } = useTranslation('view');
  const [latest, setLatest] = useState<{ change: PageApiChange; linked: boolean } | null>(null);
  useEffect(() => {
    let live = true;
    setLatest(null);
    if (!pageId && !shareKey) return;
    // quiet: a badge never toasts.
    call('apiChange/page', shareKey ? { unique_key: shareKey } : { page_id: pageId }, { quiet: true })
      .then((r) => live && setLatest(r.changes[0] ? { change: r.changes[0], linked: r.changelog } : null))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [pageId, shareKey]);
  if (!latest) return null;
  const { change, linked } = latest;
  const base = shareKey ? `/changelog/s/${encodeURIComponent(shareKey)}` : `/changelog/${itemId}`;
  const label = change.breaking ? t('apiChange.breakingInVersion', { number: change.number }) : t('apiChange.changedInVersion', { number: change.number });
  const className = `api-change-badge${change.breaking ? ' breaking' : ''}`;
  const content = (
    <>
      <i className="pi pi-history" aria-hidden /> {label}
    </>
  );
  // Readers who may not open the changelog (a catalog-limited member, a share of a private item) get the badge without a link.
  return linked ? (
    <Link to={`${base}?version=${change.version_id}`} className={className} title={t(`apiChange.kind.${change.change}`)}>
      {content}
    </Link>
  ) : (
    <span className={className} title={t(`apiChange.kind.${change.change}`)}>
      {content}
    </span>
  );
}
