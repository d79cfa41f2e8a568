import { ITEM_SEARCH_BOX_THRESHOLD } from '@core/limits';
import { confirmDialog } from 'primereact/confirmdialog';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { call } from '../../api/client.ts';
import type { ItemSummary } from '@core/wire';
import { PageFrame } from '../../components/PageFrame.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { useApiData } from '../../hooks/useApiData.ts';
import { notify } from '../../state/notify.ts';
import { ItemTile } from './ItemTile.tsx';
import { moveItem, positionsOf } from './reorder.ts';
import { UnreadNotice } from './UnreadNotice.tsx';
import './itemList.css';

/** `/item/index`: my items as a reorderable grid (spec §2 "Item list"). */
export default function ItemListScene() {
  const { t } = useTranslation('items');
  const { data, loading, reload, setData } = useApiData(() => call('item/myList', {}), []);
  const [keyword, setKeyword] = useState('');
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);
  const items = useMemo(() => data ?? [], [data]);
  const searching = keyword.trim() !== '';
  const visible = useMemo(() => {
    const k = keyword.trim().toLowerCase();
    return k ? items.filter((i) => `${i.item_name} ${i.item_description ?? ''}`.toLowerCase().includes(k)) : items;
  }, [items, keyword]);

  const drop = async (to: number) => {
    const from = dragFrom;
    setDragFrom(null);
    setDragOver(null);
    if (from === null || from === to || searching) return;
    const next = moveItem(items, from, to);
    setData(next);
    try {
      await call('item/sort', { data: positionsOf(next) }, { quiet: true });
    } catch {
      // Spec §8: alert, then reload the list as the server has it.
      notify('error', t('list.sortFailed'));
      await reload();
    }
  };

  const exit = (item: ItemSummary) =>
    confirmDialog({
      header: t('common:confirmTitle'),
      message: t('list.exitConfirm', { name: item.item_name }),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('common:actions.confirm'),
      rejectLabel: t('common:actions.cancel'),
      acceptClassName: 'p-button-danger',
      accept: async () => {
        await call('item/exitItem', { item_id: item.item_id });
        notify('success', t('list.exited'));
        await reload();
      },
    });

  return (
    <PageFrame title={t('list.title')} wide>
      <UnreadNotice />
      {items.length > ITEM_SEARCH_BOX_THRESHOLD && (
        <div className="folio-toolbar">
          <IconField iconPosition="left" className="folio-item-search">
            <InputIcon className="pi pi-search" />
            <InputText
              type="search"
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
              placeholder={t('list.search')}
              aria-label={t('list.search')}
            />
          </IconField>
        </div>
      )}
      {loading && !data ? (
        <PageSpinner />
      ) : (
        <>
          <ul className="folio-item-grid" aria-label={t('list.title')}>
            {visible.map((item) => {
              const index = items.indexOf(item);
              return (
                <ItemTile
                  key={item.item_id}
                  item={item}
                  draggable={!searching}
                  dragOver={dragOver === index && dragFrom !== index}
                  onDragStart={() => setDragFrom(index)}
                  onDragEnter={() => setDragOver(index)}
                  onDrop={() => void drop(index)}
                  onDragEnd={() => {
                    setDragFrom(null);
                    setDragOver(null);
                  }}
                  onExit={() => exit(item)}
                />
              );
            })}
            {!searching && (
              <li className="folio-item-tile folio-item-new">
                <Link to="/item/add" className="folio-item-link">
                  <span className="folio-item-icon pi pi-plus" aria-hidden="true" />
                  <span className="folio-item-name">{t('list.newItem')}</span>
                </Link>
              </li>
            )}
          </ul>
          {items.length === 0 && <p className="folio-empty">{t('list.empty')}</p>}
          {searching && visible.length === 0 && <p className="folio-empty">{t('list.noMatch', { keyword })}</p>}
          {items.length > 1 && !searching && <p className="folio-muted folio-item-hint">{t('list.dragHint')}</p>}
        </>
      )}
    </PageFrame>
  );
}
