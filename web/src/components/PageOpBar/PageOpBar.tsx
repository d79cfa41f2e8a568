import { useState } from 'react';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import './PageOpBar.css';

/** One operation of the item view's op bar; `show` is decided by the caller from item/info flags. */
export interface PageOp {
  key: string;
  icon: string;
  label: string;
  show: boolean;
  onClick: () => void;
  badge?: number;
  danger?: boolean;
  active?: boolean;
}

interface Props {
  ops: PageOp[];
  vertical?: boolean;
  /** Narrow screens: only these ops stay in view; the rest fold behind a "more" button. */
  primary?: string[];
}

/** Icon buttons with accessible names and tooltips; only the ops the user may use appear. */
export default function PageOpBar({ ops, vertical, primary }: Props) {
  const { t } = useTranslation('view');
  const [expanded, setExpanded] = useState(false);
  const shown = ops.filter((op) => op.show);
  const folded = primary && !expanded ? shown.filter((op) => !primary.includes(op.key)) : [];
  const visible = folded.length ? shown.filter((op) => primary!.includes(op.key)) : shown;
  return (
    <div className={`page-op-bar${vertical ? ' vertical' : ''}${primary && expanded ? ' unfolded' : ''}`} role="toolbar" aria-label={t('ops.toolbar')}>
      {primary && (folded.length || expanded) ? (
        <Button
          type="button"
          className="page-op-more"
          icon={`pi ${expanded ? 'pi-times' : 'pi-ellipsis-h'}`}
          rounded
          text
          severity="secondary"
          aria-label={t('ops.more')}
          aria-expanded={expanded}
          onClick={() => setExpanded((x) => !x)}
        />
      ) : null}
      {visible.map((op) => (
        <span key={op.key} className="page-op">
          <Button
            type="button"
            icon={`pi ${op.icon}`}
            rounded
            text
            severity={op.danger ? 'danger' : 'secondary'}
            aria-label={op.label}
            aria-pressed={op.active}
            tooltip={op.label}
            tooltipOptions={{ position: vertical ? 'left' : 'bottom', showDelay: 300 }}
            onClick={op.onClick}
          />
          {op.badge ? (
            <span className="page-op-badge" aria-hidden>
              {op.badge}
            </span>
          ) : null}
        </span>
      ))}
    </div>
  );
}
