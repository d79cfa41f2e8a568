import { Button } from 'primereact/button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The filter row above an admin list: its inputs, Search (or Enter), then any `extra` buttons. */
export function SearchToolbar({ onSearch, children, extra }: { onSearch: () => void; children: ReactNode; extra?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <form
      className="folio-toolbar"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch();
      }}
    >
      {children}
      <Button type="submit" icon="pi pi-search" label={t('common:actions.search')} outlined />
      {extra}
    </form>
  );
}
