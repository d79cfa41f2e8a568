import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import type { DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { ItemSummary } from '@core/wire';
import { isOn } from '../../api/types.ts';
import { itemPath } from '../../state/links.ts';

const TYPE_ICONS: Record<string, string> = { '1': 'pi pi-book', '2': 'pi pi-file', '3': 'pi pi-lock', '4': 'pi pi-table' };

/** One item of the grid: opens the item; creators get settings, members an exit button. */
export function ItemTile({
  item,
  draggable,
  dragOver,
  onDragStart,
  onDragEnter,
  onDrop,
  onDragEnd,
  onExit,
}: {
  item: ItemSummary;
  draggable: boolean;
  dragOver: boolean;
  onDragStart: () => void;
  onDragEnter: () => void;
  onDrop: () => void;
  onDragEnd: () => void;
  onExit: () => void;
}) {
  const { t } = useTranslation('items');
  const navigate = useNavigate();
  const name = item.item_name;
  const allowDrop = (e: DragEvent) => {
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
  };
  return (
    <li
      className={`folio-item-tile${dragOver ? ' is-drag-over' : ''}`}
      draggable={draggable}
      onDragStart={(e) => {
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', String(item.item_id));
        onDragStart();
      }}
      onDragEnter={onDragEnter}
      onDragOver={allowDrop}
      onDrop={(e) => {
        e.preventDefault();
        onDrop();
      }}
      onDragEnd={onDragEnd}
      data-item-id={item.item_id}
    >
      <Link to={itemPath(item)} className="folio-item-link" draggable={false}>
        <span className={`folio-item-icon ${TYPE_ICONS[String(item.item_type)] ?? TYPE_ICONS['1']}`} aria-hidden="true" />
        <span className="folio-item-name">{name}</span>
        {item.item_description && <span className="folio-item-desc">{item.item_description}</span>}
      </Link>
      <div className="folio-item-badges">
        {isOn(item.is_private) && <span className="pi pi-lock folio-item-lock" role="img" aria-label={t('list.private')} title={t('list.private')} />}
        {isOn(item.is_archived) && <Tag value={t('list.archived')} severity="secondary" />}
      </div>
      <div className="folio-item-tools">
        {isOn(item.creator) ? (
          <Button
            icon="pi pi-cog"
            text
            rounded
            size="small"
            aria-label={t('list.settings', { name })}
            tooltip={t('list.settings', { name })}
            tooltipOptions={{ position: 'top' }}
            onClick={() => navigate(`/item/setting/${item.item_id}`)}
          />
        ) : (
          <Button
            icon="pi pi-sign-out"
            text
            rounded
            size="small"
            severity="secondary"
            aria-label={t('list.exit', { name })}
            tooltip={t('list.exit', { name })}
            tooltipOptions={{ position: 'top' }}
            onClick={onExit}
          />
        )}
      </div>
    </li>
  );
}
