import type { FileLibrary } from '@core/wire';
import { ProgressBar } from 'primereact/progressbar';
import { useTranslation } from 'react-i18next';

/**
 * What the file library stores (issue #26). For one user: files, MB used against the storage
 * quota (a bar when there is one) and this month's downloads. For administrators (all users):
 * the total and the users storing the most, with the quota each is held to.
 */
export function StorageUsage({ scope, data }: { scope: 'mine' | 'all'; data: FileLibrary }) {
  const { t } = useTranslation('attachments');
  const quota = data.quota_m ?? 0;
  if (scope === 'mine') {
    const percent = quota > 0 ? Math.min(100, Math.round((data.used_m / quota) * 100)) : 0;
    return (
      <div className="folio-storage-usage" id="storage-usage">
        <p className="folio-muted">
          {quota > 0
            ? t('quota.usageOf', { used: data.used_m, quota, flow: data.used_flow_m, total: data.total })
            : t('usage', { used: data.used_m, flow: data.used_flow_m, total: data.total })}
        </p>
        {quota > 0 && (
          <ProgressBar
            value={percent}
            showValue={false}
            aria-label={t('quota.bar')}
            color={percent >= 90 ? 'var(--red-500)' : undefined}
            style={{ height: '0.75rem', maxWidth: '24rem' }}
          />
        )}
      </div>
    );
  }
  return (
    <div className="folio-storage-usage" id="storage-usage">
      <p className="folio-muted">
        {t('quota.allUsers', { used: data.used_m, flow: data.used_flow_m })} · {quota ? t('quota.perUser', { quota }) : t('quota.none')}
      </p>
      {!!data.top_users?.length && (
        <table className="folio-storage-top" aria-label={t('quota.topUsers')}>
          <caption>{t('quota.topUsers')}</caption>
          <tbody>
            {data.top_users.map((u) => (
              <tr key={u.uid}>
                <th scope="row">{u.username || `#${u.uid}`}</th>
                <td>{t('quota.userFiles', { count: u.file_count })}</td>
                <td>{quota ? t('quota.userUsedOf', { used: u.used_m, quota }) : t('quota.userUsed', { used: u.used_m })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
