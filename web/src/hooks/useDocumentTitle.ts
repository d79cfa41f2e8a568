import { useEffect } from 'react';

/** Sets the browser tab title to "<title> - Folio". */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} - Folio` : 'Folio';
  }, [title]);
}
