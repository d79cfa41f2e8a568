import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Id } from '@core/wire';
import { WEBHOOK_EVENTS, WEBHOOK_FORMATS, type WebhookFormat } from '@core/webhooks';
import type { Webhook, WebhookDelivery } from '@core/wire';
import { call } from '../../api/client.ts';
import { firstFormProblem } from '../../lib/formProblems.ts';
import { CopyField } from '../../components/CopyField.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormField } from '../../components/FormField.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { responsiveTable } from '../../components/tableLayout.ts';
import { useApiData } from '../../hooks/useApiData.ts';
import { useSubmit } from '../../hooks/useSubmit.ts';
import { confirmDelete } from '../../lib/confirmDelete.ts';
import { notify } from '../../state/notify.ts';

/** The dialog's fields (webhook/save's input without the item). */
interface WebhookFields {
  id?: number;
  url: string;
  format: WebhookFormat | 'auto';
  events: string[];
  lang: 'en' | 'zh';
  enabled: 0 | 1;
  rotate_secret?: 0 | 1;
  /** A DingTalk or Feishu/Lark bot's signing secret: absent keeps the stored one, '' removes it. */
  bot_secret?: string;
}
type Draft = WebhookFields & { /** Editing a hook whose bot signs: the secret is kept unless a new one is typed. */ signing?: boolean };
const EMPTY: Draft = { url: '', format: 'auto', events: [...WEBHOOK_EVENTS], lang: 'en', enabled: 1 };

/** Bots with a "signature" security setting (DingTalk 加签, Feishu/Lark 签名校验), chosen or recognised by the URL's host. */
const SIGNING_HOSTS = /(^|\.)(oapi\.dingtalk\.com|open\.feishu\.cn|open\.larksuite\.com)$/i;
function botMaySign(draft: Draft): boolean {
  if (draft.format === 'dingtalk' || draft.format === 'feishu') return true;
  if (draft.format !== 'auto') return false;
  try {
    return SIGNING_HOSTS.test(new URL(draft.url.trim()).hostname);
  } catch {
    return false;
  }
}

const STATUS_SEVERITY = { succeeded: 'success', failed: 'danger', retrying: 'warning', pending: 'info' } as const;

/** Tab: the item's webhooks (chat bots or signed JSON), a test button and each one's delivery log. */
export function WebhooksTab({ itemId }: { itemId: Id }) {
  const { t } = useTranslation('settings');
  const hooks = useApiData(() => call('webhook/list', { item_id: itemId }), [itemId]);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [shownSecret, setShownSecret] = useState<number | null>(null);
  const formats = [{ value: 'auto', label: t('webhooks.formats.auto') }, ...WEBHOOK_FORMATS.map((f) => ({ value: f, label: t(`webhooks.formats.${f}`) }))];

  /** What the dialog sends: an empty secret field keeps the stored bot secret; a format that cannot sign drops it on the server. */
  const inputOf = (d: Draft) => {
    const { signing: _signing, bot_secret, ...fields } = d;
    const secret = botMaySign(d) && bot_secret?.trim() ? { bot_secret: bot_secret.trim() } : {};
    return { item_id: itemId, ...fields, ...secret, url: d.url.trim() };
  };
  const { busy, error, setError, onSubmit } = useSubmit(
    async () => {
      if (!draft) return;
      const saved = await call('webhook/save', inputOf(draft), { quiet: true });
      notify('success', t('webhooks.saved'));
      if (!draft.id) setShownSecret(saved.id);
      setDraft(null);
      await hooks.reload();
    },
    { inline: true, validate: () => (draft ? (firstFormProblem('webhook/save', inputOf(draft))?.message ?? '') : '') },
  );
  const close = () => {
    setError('');
    setDraft(null);
  };

  const test = async (hook: Webhook) => {
    const d = await call('webhook/test', { item_id: itemId, id: hook.id });
    notify(
      d.status === 'succeeded' ? 'success' : 'warn',
      d.status === 'succeeded' ? t('webhooks.testOk', { ms: d.latency_ms }) : t('webhooks.testFailed', { error: d.last_error }),
    );
    await hooks.reload();
  };
  const rotate = async (hook: Webhook) => {
    await call('webhook/save', {
      item_id: itemId,
      id: hook.id,
      url: hook.url,
      format: hook.format,
      events: hook.events,
      lang: hook.lang,
      enabled: hook.enabled ? 1 : 0,
      rotate_secret: 1,
    });
    setShownSecret(hook.id);
    notify('success', t('webhooks.rotated'));
    await hooks.reload();
  };
  const remove = (hook: Webhook) =>
    confirmDelete(t('webhooks.deleteConfirm', { url: hook.url }), async () => {
      await call('webhook/delete', { item_id: itemId, id: hook.id });
      await hooks.reload();
    });
  const toggleEvent = (event: string, on: boolean) =>
    draft && setDraft({ ...draft, events: on ? [...draft.events, event] : draft.events.filter((e) => e !== event) });

  if (!hooks.data) return hooks.loading ? <PageSpinner /> : null;
  return (
    <div className="folio-webhooks">
      <div className="folio-webhooks-head">
        <h2 className="folio-section-title">{t('webhooks.title')}</h2>
        <Button label={t('webhooks.add')} icon="pi pi-plus" onClick={() => setDraft({ ...EMPTY })} />
      </div>
      <p className="folio-webhooks-intro">{t('webhooks.intro')}</p>
      {hooks.data.length === 0 && <p className="folio-muted">{t('webhooks.empty')}</p>}
      {hooks.data.map((hook) => (
        <section key={hook.id} className="folio-webhook" aria-label={hook.url}>
          <div className="folio-webhook-row">
            <div className="folio-webhook-target">
              <code className="folio-webhook-url">{hook.url}</code>
              <div className="folio-webhook-tags">
                <Tag value={t(`webhooks.formats.${hook.format}`)} />
                {hook.bot_signing && <Tag value={t('webhooks.botSigned')} severity="success" icon="pi pi-lock" />}
                {!hook.enabled && <Tag value={t('webhooks.disabled')} severity="warning" />}
                <span className="folio-muted">{hook.events.map((e) => t(`webhooks.events.${e}`)).join(' · ')}</span>
              </div>
            </div>
            <div className="folio-webhook-actions">
              <Button label={t('webhooks.test')} icon="pi pi-send" size="small" outlined onClick={() => void test(hook)} />
              <Button
                label={t('webhooks.secret')}
                icon="pi pi-key"
                size="small"
                text
                onClick={() => setShownSecret(shownSecret === hook.id ? null : hook.id)}
              />
              <Button
                icon="pi pi-pencil"
                size="small"
                text
                rounded
                aria-label={t('webhooks.edit')}
                onClick={() =>
                  setDraft({
                    id: hook.id,
                    url: hook.url,
                    format: hook.format,
                    events: hook.events,
                    lang: hook.lang,
                    enabled: hook.enabled ? 1 : 0,
                    signing: hook.bot_signing,
                  })
                }
              />
              <Button icon="pi pi-trash" size="small" text rounded severity="danger" aria-label={t('webhooks.delete')} onClick={() => remove(hook)} />
            </div>
          </div>
          {shownSecret === hook.id && (
            <div className="folio-webhook-secret">
              <CopyField id={`webhook-secret-${hook.id}`} label={t('webhooks.secretLabel')} value={hook.secret} />
              <p className="folio-muted">{t('webhooks.secretHelp')}</p>
              <Button label={t('webhooks.rotate')} icon="pi pi-refresh" size="small" severity="warning" text onClick={() => void rotate(hook)} />
            </div>
          )}
          <DataTable
            {...responsiveTable}
            value={hook.deliveries}
            dataKey="id"
            size="small"
            stripedRows
            emptyMessage={t('webhooks.noDeliveries')}
            aria-label={t('webhooks.log')}
          >
            <Column field="created_at" header={t('webhooks.time')} />
            <Column
              header={t('webhooks.event')}
              body={(d: WebhookDelivery) => (d.event === 'webhook.test' ? t('webhooks.testEvent') : t(`webhooks.events.${d.event}`))}
            />
            <Column
              header={t('webhooks.status')}
              body={(d: WebhookDelivery) => <Tag value={t(`webhooks.statuses.${d.status}`)} severity={STATUS_SEVERITY[d.status]} />}
            />
            <Column field="attempts" header={t('webhooks.attempts')} />
            <Column header="HTTP" body={(d: WebhookDelivery) => d.response_status ?? '—'} />
            <Column header={t('webhooks.latency')} body={(d: WebhookDelivery) => (d.latency_ms === null ? '—' : `${d.latency_ms} ms`)} />
            <Column
              header={t('webhooks.lastError')}
              body={(d: WebhookDelivery) => (
                <span className="folio-webhook-error">
                  {d.last_error}
                  {d.next_attempt_at && <span className="folio-muted"> {t('webhooks.nextAttempt', { time: d.next_attempt_at })}</span>}
                </span>
              )}
            />
          </DataTable>
        </section>
      ))}

      <FormDialog
        header={draft?.id ? t('webhooks.edit') : t('webhooks.add')}
        visible={!!draft}
        onHide={close}
        onSubmit={onSubmit}
        error={error}
        busy={busy}
        canSubmit={!!draft?.url.trim() && !!draft.events.length}
      >
        {draft && (
          <>
            <FormField label={t('webhooks.url')} htmlFor="webhook-url">
              <InputText
                id="webhook-url"
                value={draft.url}
                onChange={(e) => setDraft({ ...draft, url: e.target.value })}
                placeholder="https://"
                maxLength={2000}
                autoFocus
              />
            </FormField>
            <FormField label={t('webhooks.format')} htmlFor="webhook-format">
              <Dropdown inputId="webhook-format" value={draft.format} options={formats} onChange={(e) => setDraft({ ...draft, format: e.value })} />
            </FormField>
            {botMaySign(draft) && (
              <FormField
                label={t('webhooks.botSecret')}
                htmlFor="webhook-bot-secret"
                hint={draft.signing ? t('webhooks.botSecretKept') : t('webhooks.botSecretHelp')}
              >
                <InputText
                  id="webhook-bot-secret"
                  type="password"
                  autoComplete="off"
                  value={draft.bot_secret ?? ''}
                  onChange={(e) => setDraft({ ...draft, bot_secret: e.target.value })}
                  placeholder="SEC…"
                  maxLength={200}
                />
              </FormField>
            )}
            <fieldset className="folio-webhook-events">
              <legend>{t('webhooks.eventsLabel')}</legend>
              {WEBHOOK_EVENTS.map((event) => (
                <div key={event} className="folio-check">
                  <Checkbox inputId={`webhook-event-${event}`} checked={draft.events.includes(event)} onChange={(e) => toggleEvent(event, !!e.checked)} />
                  <label htmlFor={`webhook-event-${event}`}>{t(`webhooks.events.${event}`)}</label>
                </div>
              ))}
            </fieldset>
            <FormField label={t('webhooks.lang')} htmlFor="webhook-lang">
              <Dropdown
                inputId="webhook-lang"
                value={draft.lang}
                options={[
                  { value: 'en', label: 'English' },
                  { value: 'zh', label: '中文' },
                ]}
                onChange={(e) => setDraft({ ...draft, lang: e.value })}
              />
            </FormField>
            <div className="folio-check">
              <Checkbox inputId="webhook-enabled" checked={draft.enabled === 1} onChange={(e) => setDraft({ ...draft, enabled: e.checked ? 1 : 0 })} />
              <label htmlFor="webhook-enabled">{t('webhooks.enabled')}</label>
            </div>
          </>
        )}
      </FormDialog>
    </div>
  );
}
