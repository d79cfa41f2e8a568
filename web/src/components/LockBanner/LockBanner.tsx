import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';

export type LockState = { kind: 'none' } | { kind: 'mine' } | { kind: 'other'; holder: string };

/** The editor's lock status line (spec §4 lock states). */
export default function LockBanner({ state }: { state: LockState }) {
  const { t } = useTranslation('editor');
  if (state.kind === 'none') return null;
  if (state.kind === 'mine') return <Message severity="info" text={t('lock.mine')} className="lock-banner" />;
  return <Message severity="warn" text={t('lock.other', { holder: state.holder })} className="lock-banner" role="alert" />;
}
