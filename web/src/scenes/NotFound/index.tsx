import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

export default function NotFoundScene() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main className="folio-centered-card">
      <h1>{t('notFound.title')}</h1>
      <p className="folio-muted">{t('notFound.text')}</p>
      <Button label={t('notFound.home')} icon="pi pi-home" onClick={() => navigate('/')} />
    </main>
  );
}
