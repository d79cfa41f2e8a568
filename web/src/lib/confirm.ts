import { confirmDialog } from 'primereact/confirmdialog';
import i18n from '../i18n/index.ts';

/** `if (await askConfirm('Delete?')) …` over the shell's global ConfirmDialog. */
export function askConfirm(message: string): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (ok: boolean) => {
      if (settled) return;
      settled = true;
      resolve(ok);
    };
    confirmDialog({
      header: i18n.t('common:confirmTitle'),
      message,
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: i18n.t('common:actions.confirm'),
      rejectLabel: i18n.t('common:actions.cancel'),
      accept: () => settle(true),
      reject: () => settle(false),
      onHide: () => settle(false),
    });
  });
}
