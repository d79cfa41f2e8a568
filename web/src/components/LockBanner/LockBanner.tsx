import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';

export type LockState = { kind: 'none' } | { kind: 'mine' } | { kind: 'other'; holder: string };

/** The editor's lock status line (spec §4 lock states); `otherText` replaces the "someone else holds it" line. */
export default function LockBanner({ state, otherText }: { state: LockState; otherText?: (holder: string) => string }) {
  const { t } = useTranslation('editor');
  if (state.kind === 'none') return null;
  if (state.kind === 'mine') return <Message severity="info" text={t('lock.mine')} className="lock-banner" />;
  return (
    <Message severity="warn" text={otherText ? otherText(state.holder) : t('lock.other', { holder: state.holder })} className="lock-banner" role="alert" />
  );
}
