import { useTranslation } from 'react-i18next';
import type { LiveState } from './useLiveDoc.ts';
import './live.css';

/** What the connection means for the user's text: live, connecting, or offline with unsaved changes. */
export function liveCondition(live: Pick<LiveState, 'status' | 'unsynced' | 'synced'>): 'live' | 'connecting' | 'offline' | 'offlineUnsaved' {
  if (live.status === 'connected') return live.synced ? 'live' : 'connecting';
  if (live.unsynced > 0) return 'offlineUnsaved';
  return live.synced ? 'offline' : 'connecting';
}

export default function LiveStatusBadge({ live }: { live: Pick<LiveState, 'status' | 'unsynced' | 'synced'> }) {
  const { t } = useTranslation('live');
  const condition = liveCondition(live);
  const icon = { live: 'pi-circle-fill', connecting: 'pi-spin pi-spinner', offline: 'pi-wifi', offlineUnsaved: 'pi-exclamation-triangle' }[condition];
  return (
    <span className={`live-status live-status-${condition}`} role="status" aria-live="polite">
      <i className={`pi ${icon}`} aria-hidden /> {t(`status.${condition}`)}
    </span>
  );
}
