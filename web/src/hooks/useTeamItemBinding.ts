import { confirmDialog } from 'primereact/confirmdialog';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client.ts';
import type { Id, TeamItem } from '@core/wire';
import { notify } from '../state/notify.ts';

/**
 * Binding a team to an item, seen from either side (item settings → teams, team → items):
 * one place for the save, the success toast, the unbind confirmation and the reload.
 */
export function useTeamItemBinding(reload: () => Promise<unknown>, texts: { bound: string; unbind: string; unbindConfirm: (row: TeamItem) => string }) {
  const { t } = useTranslation();
  /** Resolves true when the binding was saved (the client already showed any error). */
  const bind = async (pair: { item_id: Id; team_id: Id }): Promise<boolean> => {
    try {
      await call('teamItem/save', pair);
      notify('success', texts.bound);
      await reload();
      return true;
    } catch {
      return false;
    }
  };
  const unbind = (row: TeamItem) =>
    confirmDialog({
      header: t('common:confirmTitle'),
      message: texts.unbindConfirm(row),
      acceptLabel: texts.unbind,
      rejectLabel: t('common:actions.cancel'),
      acceptClassName: 'p-button-danger',
      accept: async () => {
        await call('teamItem/delete', { id: row.id });
        await reload();
      },
    });
  return { bind, unbind };
}
