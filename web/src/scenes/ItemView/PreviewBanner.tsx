import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ItemPreviewInfo } from '@core/wire';

/**
 * A pull-request preview (`docs push --preview NAME`) says so above its pages: what it previews,
 * when it goes away, and where the published item is — nobody should take it for the real docs.
 */
export function PreviewBanner({ preview }: { preview: ItemPreviewInfo }) {
  const { t, i18n } = useTranslation('view');
  const expires = new Intl.DateTimeFormat(i18n.language === 'zh' ? 'zh-CN' : 'en', { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(preview.expires_at),
  );
  return (
    <div className="iv-preview" role="note">
      <i className="pi pi-eye" aria-hidden="true" /> {t('preview.banner', { name: preview.name, expires })}{' '}
      <Link to={`/${preview.source_item_id}`}>{t('preview.openSource')}</Link>
    </div>
  );
}
