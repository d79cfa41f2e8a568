import { Button } from 'primereact/button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '../hooks/useDocumentTitle.ts';
import { AppHeader } from './AppHeader.tsx';

/** Header + a centred content column with the screen's title and an optional back button. */
export function PageFrame({
  title,
  back,
  actions,
  children,
  wide,
}: {
  title: string;
  back?: string;
  actions?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(title);
  return (
    <div className="folio-app">
      <AppHeader />
      <main className={`folio-content${wide ? ' folio-content-wide' : ''}`}>
        <div className="folio-content-head">
          {back && <Button icon="pi pi-arrow-left" text rounded aria-label={t('actions.back')} onClick={() => navigate(back)} />}
          <h1 className="folio-content-title">{title}</h1>
          <div className="folio-content-actions">{actions}</div>
        </div>
        {children}
      </main>
    </div>
  );
}
