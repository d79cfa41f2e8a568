import type { ReactNode } from 'react';
import { Sidebar } from 'primereact/sidebar';

/** The catalog menu in a drawer, for widths under 1000 px. */
export default function MenuDrawer({ onHide, title, children }: { onHide: () => void; title: string; children: ReactNode }) {
  return (
    <Sidebar visible onHide={onHide} header={title} className="iv-menu-drawer" aria-label={title}>
      {children}
    </Sidebar>
  );
}
