/**
 * The catalog manager's tree model: item/info's menu ↔ PrimeReact TreeNodes, the depth rule, and
 * the flat entry list `catalog/batUpdate` takes after a drag and drop.
 */
import type { TreeNode } from 'primereact/treenode';
// relative (not @core) so unit tests import it without the Vite alias
import { CATALOG_MAX_LEVEL, CATALOG_TOP_LEVEL } from '../../../../core/limits.ts';
import type { MenuCatalog, MenuPage } from '@core/wire';

export interface NodeData {
  kind: 'catalog' | 'page';
  id: number;
  name: string;
  /** Pages directly inside (catalogs only), for the page-sort dialog. */
  pages?: MenuPage[];
}

const pageNode = (p: MenuPage): TreeNode => ({
  key: `p${p.page_id}`,
  label: p.page_title,
  icon: 'pi pi-file',
  leaf: true,
  droppable: false,
  data: { kind: 'page', id: Number(p.page_id), name: p.page_title } satisfies NodeData,
});

const catalogNode = (c: MenuCatalog): TreeNode => ({
  key: `c${c.cat_id}`,
  label: c.cat_name,
  icon: 'pi pi-folder',
  data: { kind: 'catalog', id: Number(c.cat_id), name: c.cat_name, pages: c.pages } satisfies NodeData,
  children: [...c.catalogs.map(catalogNode), ...c.pages.map(pageNode)],
});

export function toNodes(menu: { pages: MenuPage[]; catalogs: MenuCatalog[] }): TreeNode[] {
  return [...menu.catalogs.map(catalogNode), ...menu.pages.map(pageNode)];
}

export type TreeProblem = 'tooDeep' | 'pageNoChildren' | null;

/** Why a tree cannot be saved: a catalog nested deeper than three levels, or a page holding entries. */
export function treeProblem(nodes: TreeNode[], level = CATALOG_TOP_LEVEL): TreeProblem {
  for (const n of nodes) {
    const d = n.data as NodeData;
    if (d.kind === 'page') {
      if (n.children?.length) return 'pageNoChildren';
      continue;
    }
    if (level > CATALOG_MAX_LEVEL) return 'tooDeep';
    const inner = treeProblem(n.children ?? [], level + 1);
    if (inner) return inner;
  }
  return null;
}

export type TreeEntry =
  | { cat_id: number; cat_name: string; parent_cat_id: number; level: number; s_number: number }
  | { page_id: number; parent_cat_id: number; s_number: number };

/** Every catalog and page with its parent and 1-based position, as batUpdate takes them. */
export function treeEntries(nodes: TreeNode[], parent = 0, level = CATALOG_TOP_LEVEL): TreeEntry[] {
  const out: TreeEntry[] = [];
  nodes.forEach((n, i) => {
    const d = n.data as NodeData;
    if (d.kind === 'page') out.push({ page_id: d.id, parent_cat_id: parent, s_number: i + 1 });
    else {
      out.push({ cat_id: d.id, cat_name: d.name, parent_cat_id: parent, level, s_number: i + 1 });
      out.push(...treeEntries(n.children ?? [], d.id, level + 1));
    }
  });
  return out;
}

/** The level of a catalog node (top = 2), or 0 when absent. */
export function levelOf(nodes: TreeNode[], key: string, level = CATALOG_TOP_LEVEL): number {
  for (const n of nodes) {
    if (n.key === key) return level;
    const inner = levelOf(n.children ?? [], key, level + 1);
    if (inner) return inner;
  }
  return 0;
}
