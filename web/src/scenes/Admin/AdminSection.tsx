import type { ReactNode } from 'react';

/** One part of the admin console: a section named by its heading, for screen readers too. */
export function AdminSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="folio-section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}
