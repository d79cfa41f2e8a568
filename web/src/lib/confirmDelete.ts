import { confirmDialog } from 'primereact/confirmdialog';
import i18n from '../i18n/index.ts';

// Apart from confirm.ts (askConfirm), which the reader route loads: the reader deletes no rows.

/** The red "Delete" confirmation of a row; `accept` deletes it (and reloads the list). */
export function confirmDelete(message: string, accept: () => Promise<void>): void {
  confirmDialog({
    header: i18n.t('common:confirmTitle'),
    message,
    acceptLabel: i18n.t('common:actions.delete'),
    rejectLabel: i18n.t('common:actions.cancel'),
    acceptClassName: 'p-button-danger',
    accept,
  });
}
