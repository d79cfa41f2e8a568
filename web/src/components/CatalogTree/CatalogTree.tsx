import { useEffect, useState, type MouseEvent } from 'react';
import type { MenuCatalog, MenuPage } from '@core/wire';
import type { Menu } from './menu.ts';
import './CatalogTree.css';

interface Props {
  menu: Menu;
  selectedPageId: number;
  /** Catalogs to open initially (default_cat_id2/3/4 or the selected page's path). */
  expandIds: number[];
  hrefFor: (pageId: number) => string;
  onSelect: (pageId: number) => void;
  label: string;
}

/** The item view's left menu: catalogs (any depth) that fold, and pages as links. */
export default function CatalogTree({ menu, selectedPageId, expandIds, hrefFor, onSelect, label }: Props) {
  const [open, setOpen] = useState<Set<number>>(() => new Set(expandIds));
  useEffect(() => {
    setOpen((prev) => (expandIds.every((id) => prev.has(id)) ? prev : new Set([...prev, ...expandIds])));
  }, [expandIds.join(',')]); // eslint-disable-line react-hooks/exhaustive-deps

  const toggle = (id: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const pageLink = (p: MenuPage, depth: number) => {
    const id = Number(p.page_id);
    const click = (e: MouseEvent) => {
      if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
      e.preventDefault();
      onSelect(id);
    };
    return (
      <li key={`p${id}`} role="none">
        <a
          role="treeitem"
          href={hrefFor(id)}
          onClick={click}
          className={`ct-page${id === selectedPageId ? ' ct-selected' : ''}`}
          aria-current={id === selectedPageId ? 'page' : undefined}
          style={{ paddingLeft: 12 + depth * 16 }}
          title={p.page_title}
        >
          <i className="pi pi-file" aria-hidden />
          <span>{p.page_title}</span>
        </a>
      </li>
    );
  };

  const catalog = (c: MenuCatalog, depth: number) => {
    const id = Number(c.cat_id);
    const expanded = open.has(id);
    return (
      <li key={`c${id}`} role="none">
        <button
          type="button"
          role="treeitem"
          aria-expanded={expanded}
          className="ct-cat"
          style={{ paddingLeft: 8 + depth * 16 }}
          onClick={() => toggle(id)}
          title={c.cat_name}
        >
          <i className={`pi ${expanded ? 'pi-angle-down' : 'pi-angle-right'}`} aria-hidden />
          <i className={`pi ${expanded ? 'pi-folder-open' : 'pi-folder'}`} aria-hidden />
          <span>{c.cat_name}</span>
        </button>
        {expanded && (
          <ul role="group">
            {c.pages.map((p) => pageLink(p, depth + 1))}
            {c.catalogs.map((sub) => catalog(sub, depth + 1))}
          </ul>
        )}
      </li>
    );
  };

  return (
    <ul className="catalog-tree" role="tree" aria-label={label}>
      {menu.pages.map((p) => pageLink(p, 0))}
      {menu.catalogs.map((c) => catalog(c, 0))}
    </ul>
  );
}
