import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { TabPanel, TabView } from 'primereact/tabview';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../components/CopyField.tsx';
import { mcpSnippets } from '../../lib/mcpSnippets.ts';
import { notify } from '../../state/notify.ts';

/**
 * A new token's secret, shown this once (the server keeps only its hash), with the MCP client
 * configurations for this site already filled in. Closing it forgets the secret.
 */
export function TokenSecretDialog({ secret, onHide }: { secret: { name: string; token: string } | null; onHide: () => void }) {
  const { t } = useTranslation('tokens');
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      notify('success', t('common:copied'));
    } catch {
      notify('warn', t('common:copyFailed'));
    }
  };
  return (
    <Dialog
      header={t('createdTitle', { name: secret?.name ?? '' })}
      visible={!!secret}
      onHide={onHide}
      style={{ width: 'min(720px, 96vw)' }}
      modal
      closeOnEscape={false}
    >
      {secret && (
        <div className="folio-token-secret">
          <Message severity="warn" text={t('onceWarning')} className="folio-form-message" />
          <CopyField id="token-secret" label={t('secret')} value={secret.token} />
          <h3 className="folio-token-title">{t('connectTitle')}</h3>
          <TabView scrollable>
            {mcpSnippets(window.location.origin, secret.token).map((s) => (
              <TabPanel key={s.id} header={t(`clients.${s.id}`)}>
                <p className="folio-muted">{s.where === 'terminal' ? t('whereTerminal') : t('whereFile', { file: s.where })}</p>
                <pre className="folio-token-snippet" data-testid={`snippet-${s.id}`}>
                  {s.text}
                </pre>
                <Button type="button" icon="pi pi-copy" label={t('copySnippet')} outlined size="small" onClick={() => void copy(s.text)} />
              </TabPanel>
            ))}
          </TabView>
          <div className="folio-dialog-actions">
            <Button type="button" label={t('savedIt')} icon="pi pi-check" onClick={onHide} />
          </div>
        </div>
      )}
    </Dialog>
  );
}
