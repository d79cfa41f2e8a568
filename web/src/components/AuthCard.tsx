import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../hooks/useDocumentTitle.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';

/** The centred card of the login, register and password screens. */
export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="folio-auth-page">
      <div className="folio-auth-top">
        <Link to="/" className="folio-brand">
          <span className="pi pi-book" aria-hidden="true" />
          <span>Folio</span>
        </Link>
        <LanguageSwitch />
      </div>
      <main className="folio-auth-card">
        <h1>{title}</h1>
        {children}
        {footer && <div className="folio-auth-footer">{footer}</div>}
      </main>
    </div>
  );
}
