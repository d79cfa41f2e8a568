import { useMemo, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { Tree, type TreeDragDropEvent } from 'primereact/tree';
import type { TreeNode } from 'primereact/treenode';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { CATALOG_MAX_LEVEL, DEFAULT_PAGE_ORDER, MAX } from '@core/limits';
import { call, read } from '../../api/client.ts';
import type { MenuPage } from '@core/wire';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { useApiData } from '../../hooks/useApiData.ts';
import { firstFormProblem } from '../../lib/formProblems.ts';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.ts';
import { askConfirm } from '../../lib/confirm.ts';
import { notify } from '../../state/notify.ts';
import { levelOf, toNodes, treeEntries, treeProblem, type NodeData } from './catalogTree.ts';
import './CatalogManager.css';

type NameDialog = { mode: 'add' | 'edit'; parentId: number; catId: number; name: string } | null;
type SortDialog = { title: string; pages: Array<{ id: number; title: string; order: number }> } | null;

/** `/catalog/:itemId` — drag catalogs and pages around; add, rename, add child, sort pages, delete. */
export default function CatalogManagerScene() {
  const { t } = useTranslation('view');
  const navigate = useNavigate();
  const { itemId = '0' } = useParams();
  const item = useApiData(() => read('item/info', { item_id: itemId }), [itemId]);
  useDocumentTitle(item.data ? `${t('catalog.title')}: ${item.data.item_name}` : t('catalog.title'));
  const serverNodes = useMemo(() => (item.data ? toNodes(item.data.menu) : []), [item.data]);
  const [nodes, setNodes] = useState<TreeNode[] | null>(null);
  const shown = nodes ?? serverNodes;
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const [nameDialog, setNameDialog] = useState<NameDialog>(null);
  const [sortDialog, setSortDialog] = useState<SortDialog>(null);
  const [busy, setBusy] = useState(false);
  const [nameProblem, setNameProblem] = useState('');

  const reload = async () => {
    setNodes(null);
    await item.reload();
  };

  const onDragDrop = async (e: TreeDragDropEvent) => {
    const problem = treeProblem(e.value);
    if (problem) {
      notify('warn', t(`catalog.${problem}`));
      return;
    }
    setNodes(e.value);
    try {
      await call('catalog/batUpdate', { item_id: itemId, cats: treeEntries(e.value) });
      notify('success', t('catalog.saved'));
    } catch {
      /* message shown; the server's tree is the truth */
    }
    await reload();
  };

  const saveName = async () => {
    if (!nameDialog) return;
    const input = { item_id: itemId, cat_id: nameDialog.catId || undefined, parent_cat_id: nameDialog.parentId, cat_name: nameDialog.name.trim() };
    // catalog/save's own rules (name required, its length), shown under the name.
    const problem = firstFormProblem('catalog/save', input);
    setNameProblem(problem?.message ?? '');
    if (problem) return;
    setBusy(true);
    try {
      await call('catalog/save', input);
      setNameDialog(null);
      if (nameDialog.parentId) setExpanded((x) => ({ ...x, [`c${nameDialog.parentId}`]: true }));
      await reload();
    } catch {
      /* shown by the client */
    } finally {
      setBusy(false);
    }
  };

  const remove = async (d: NodeData) => {
    if (!(await askConfirm(t('catalog.deleteConfirm', { name: d.name })))) return;
    await call('catalog/delete', { item_id: itemId, cat_id: d.id });
    await reload();
  };

  const openSort = (title: string, pages: MenuPage[]) =>
    setSortDialog({ title, pages: pages.map((p) => ({ id: Number(p.page_id), title: p.page_title, order: Number(p.s_number ?? DEFAULT_PAGE_ORDER) })) });
  const saveSort = async () => {
    if (!sortDialog) return;
    setBusy(true);
    try {
      await call('page/sort', { item_id: itemId, pages: Object.fromEntries(sortDialog.pages.map((p) => [String(p.id), p.order])) });
      setSortDialog(null);
      await reload();
    } catch {
      /* shown by the client */
    } finally {
      setBusy(false);
    }
  };

  const nodeTemplate = (node: TreeNode) => {
    const d = node.data as NodeData;
    if (d.kind === 'page') return <span className="cm-label">{d.name}</span>;
    const canAddChild = levelOf(shown, String(node.key)) < CATALOG_MAX_LEVEL;
    const stop = (fn: () => void) => (e: React.MouseEvent) => {
      e.stopPropagation();
      fn();
    };
    return (
      <span className="cm-node">
        <span className="cm-label">{d.name}</span>
        <span className="cm-actions" role="group" aria-label={t('catalog.actionsOf', { name: d.name })}>
          {canAddChild && (
            <Button
              type="button"
              icon="pi pi-plus"
              text
              rounded
              size="small"
              aria-label={`${t('catalog.addChild')}: ${d.name}`}
              tooltip={t('catalog.addChild')}
              onClick={stop(() => setNameDialog({ mode: 'add', parentId: d.id, catId: 0, name: '' }))}
            />
          )}
          <Button
            type="button"
            icon="pi pi-pencil"
            text
            rounded
            size="small"
            aria-label={`${t('catalog.edit')}: ${d.name}`}
            tooltip={t('catalog.edit')}
            onClick={stop(() => setNameDialog({ mode: 'edit', parentId: 0, catId: d.id, name: d.name }))}
          />
          <Button
            type="button"
            icon="pi pi-sort-numeric-down"
            text
            rounded
            size="small"
            aria-label={`${t('catalog.sortPages')}: ${d.name}`}
            tooltip={t('catalog.sortPages')}
            onClick={stop(() => openSort(d.name, d.pages ?? []))}
          />
          <Button
            type="button"
            icon="pi pi-trash"
            text
            rounded
            size="small"
            severity="danger"
            aria-label={`${t('catalog.delete')}: ${d.name}`}
            tooltip={t('catalog.delete')}
            onClick={stop(() => void remove(d))}
          />
        </span>
      </span>
    );
  };

  if (!item.data) return item.loading ? <PageSpinner /> : <main className="folio-page-spinner" />;
  const info = item.data;
  return (
    <div className="catalog-manager">
      <header className="cm-header">
        <Button
          icon="pi pi-arrow-left"
          text
          rounded
          aria-label={t('catalog.backToItem')}
          tooltip={t('catalog.backToItem')}
          onClick={() => navigate(`/${info.item_id}`)}
        />
        <h1 className="cm-title">
          {t('catalog.title')} · {info.item_name}
        </h1>
      </header>
      <main className="cm-main">
        <p className="cm-help">{t('catalog.help')}</p>
        <div className="cm-toolbar">
          <Button icon="pi pi-plus" label={t('catalog.add')} onClick={() => setNameDialog({ mode: 'add', parentId: 0, catId: 0, name: '' })} />
          <Button
            icon="pi pi-sort-numeric-down"
            outlined
            label={`${t('catalog.sortPages')} (${t('catalog.root')})`}
            onClick={() => openSort(t('catalog.root'), info.menu.pages)}
          />
        </div>
        <Tree
          value={shown}
          dragdropScope={`catalog-${info.item_id}`}
          onDragDrop={(e) => void onDragDrop(e)}
          expandedKeys={expanded}
          onToggle={(e) => setExpanded(e.value as Record<string, boolean>)}
          nodeTemplate={nodeTemplate}
          emptyMessage={t('catalog.empty')}
          className="cm-tree"
          aria-label={t('catalog.title')}
        />
      </main>

      <Dialog
        header={nameDialog?.mode === 'edit' ? t('catalog.edit') : nameDialog?.parentId ? t('catalog.addChild') : t('catalog.add')}
        visible={!!nameDialog}
        onHide={() => {
          setNameDialog(null);
          setNameProblem('');
        }}
        style={{ width: 'min(420px, 94vw)' }}
      >
        <label htmlFor="cm-name" className="cm-field-label">
          {t('catalog.name')}
        </label>
        <InputText
          id="cm-name"
          autoFocus
          value={nameDialog?.name ?? ''}
          maxLength={MAX.catName}
          style={{ width: '100%' }}
          invalid={!!nameProblem}
          onChange={(e) => setNameDialog((d) => (d ? { ...d, name: e.target.value } : d))}
          onKeyDown={(e) => e.key === 'Enter' && void saveName()}
        />
        {nameProblem && (
          <small className="p-error" role="alert">
            {nameProblem}
          </small>
        )}
        <div className="cm-dialog-actions">
          <Button label={t('common:actions.cancel')} text onClick={() => setNameDialog(null)} />
          <Button label={t('common:actions.save')} loading={busy} onClick={() => void saveName()} />
        </div>
      </Dialog>

      <Dialog
        header={`${t('catalog.sortPages')}: ${sortDialog?.title ?? ''}`}
        visible={!!sortDialog}
        onHide={() => setSortDialog(null)}
        style={{ width: 'min(520px, 94vw)' }}
      >
        <p className="cm-help">{t('catalog.orderHint')}</p>
        {sortDialog?.pages.length === 0 && <p className="folio-muted">{t('catalog.noPages')}</p>}
        <ul className="cm-sort-list">
          {sortDialog?.pages.map((p, i) => (
            <li key={p.id}>
              <label htmlFor={`cm-order-${p.id}`}>{p.title}</label>
              <InputNumber
                inputId={`cm-order-${p.id}`}
                value={p.order}
                min={0}
                useGrouping={false}
                onValueChange={(e) =>
                  setSortDialog((s) => (s ? { ...s, pages: s.pages.map((x, j) => (j === i ? { ...x, order: Number(e.value ?? 0) } : x)) } : s))
                }
              />
            </li>
          ))}
        </ul>
        <div className="cm-dialog-actions">
          <Button label={t('common:actions.cancel')} text onClick={() => setSortDialog(null)} />
          <Button label={t('common:actions.save')} loading={busy} disabled={!sortDialog?.pages.length} onClick={() => void saveSort()} />
        </div>
      </Dialog>
    </div>
  );
}
