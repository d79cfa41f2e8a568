import { useMemo, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useTranslation } from 'react-i18next';
import type { ApiRequestDraft } from '@core/apiRequest';
import { formatFileSize } from '../../lib/fileSize.ts';
import { useWindowWidth } from '../../lib/useWindowWidth.ts';
import { loadEnvironments, parseVariables, saveEnvironments, substitute, type ItemEnvironments } from './environments.ts';
import { headersFromText, headersToText, initialRequest, sendRequest, type HttpResult } from './sendRequest.ts';
import './HttpTest.css';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'].map((m) => ({ value: m, label: m }));
const MOBILE_MAX = 1000;

interface Props {
  visible: boolean;
  onHide: () => void;
  /** Environments are kept per item. */
  itemId: number | string;
  /** The request the page describes (empty fields when the page describes none). */
  draft: ApiRequestDraft;
}

type Outcome = { kind: 'done'; result: HttpResult } | { kind: 'failed'; message: string } | null;

/**
 * The HTTP test tool: the page's request, editable, sent from this browser with fetch (the API
 * must allow this site by CORS; Folio runs no proxy), with `{{variables}}` from the chosen
 * environment; shows status, time, size, headers and the body (JSON pretty-printed).
 */
export default function HttpTestDialog({ visible, onHide, itemId, draft }: Props) {
  const { t, i18n } = useTranslation('view');
  const mobile = useWindowWidth() < MOBILE_MAX;
  const start = useMemo(() => initialRequest(draft), [draft]);
  const [method, setMethod] = useState(start.method || 'GET');
  const [url, setUrl] = useState(start.url);
  const [headersText, setHeadersText] = useState(headersToText(start.headers));
  const [body, setBody] = useState(start.body);
  const [envs, setEnvs] = useState<ItemEnvironments>(() => loadEnvironments(itemId));
  const [newEnvName, setNewEnvName] = useState('');
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const abort = useRef<AbortController | null>(null);

  const active = envs.list.find((e) => e.name === envs.active);
  const updateEnvs = (next: ItemEnvironments) => {
    setEnvs(next);
    saveEnvironments(itemId, next);
  };
  const addEnv = () => {
    const name = newEnvName.trim();
    if (!name) return;
    const list = envs.list.some((e) => e.name === name) ? envs.list : [...envs.list, { name, variables: '' }];
    updateEnvs({ active: name, list });
    setNewEnvName('');
  };
  const setVariables = (variables: string) => updateEnvs({ ...envs, list: envs.list.map((e) => (e.name === envs.active ? { ...e, variables } : e)) });
  const deleteEnv = () => updateEnvs({ active: '', list: envs.list.filter((e) => e.name !== envs.active) });

  const send = async () => {
    const vars = parseVariables(active?.variables ?? '');
    const target = substitute(url.trim(), vars);
    abort.current?.abort();
    abort.current = new AbortController();
    setSending(true);
    setOutcome(null);
    try {
      const result = await sendRequest(
        { method, url: target, headers: headersFromText(substitute(headersText, vars)), body: substitute(body, vars) },
        abort.current.signal,
      );
      setOutcome({ kind: 'done', result });
    } catch (err) {
      setOutcome({ kind: 'failed', message: err instanceof Error ? err.message : String(err) });
    } finally {
      setSending(false);
    }
  };

  const envOptions = [{ value: '', label: t('httpTest.noEnvironment') }, ...envs.list.map((e) => ({ value: e.name, label: e.name }))];

  return (
    <Dialog
      header={t('httpTest.title')}
      visible={visible}
      onHide={() => {
        abort.current?.abort();
        onHide();
      }}
      className="http-test"
      style={{ width: mobile ? '100vw' : 'min(980px, 94vw)' }}
      maximized={mobile}
      dismissableMask
    >
      <form
        className="ht-request"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <div className="ht-line">
          <Dropdown value={method} options={METHODS} onChange={(e) => setMethod(e.value as string)} aria-label={t('httpTest.method')} className="ht-method" />
          <InputText
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            aria-label={t('httpTest.url')}
            placeholder="https://api.example.com/path"
            className="ht-url"
            spellCheck={false}
          />
          <Button type="submit" label={t('httpTest.send')} icon="pi pi-send" loading={sending} disabled={!url.trim()} />
        </div>

        <fieldset className="ht-env">
          <legend>{t('httpTest.environment')}</legend>
          <div className="ht-line">
            <Dropdown
              value={envs.active}
              options={envOptions}
              onChange={(e) => updateEnvs({ ...envs, active: e.value as string })}
              aria-label={t('httpTest.environment')}
              className="ht-env-pick"
            />
            <InputText
              value={newEnvName}
              onChange={(e) => setNewEnvName(e.target.value)}
              aria-label={t('httpTest.newEnvironmentName')}
              placeholder={t('httpTest.newEnvironmentName')}
              onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), addEnv())}
            />
            <Button type="button" icon="pi pi-plus" label={t('httpTest.addEnvironment')} outlined onClick={addEnv} disabled={!newEnvName.trim()} />
            {active && (
              <Button
                type="button"
                icon="pi pi-trash"
                text
                severity="danger"
                aria-label={t('httpTest.deleteEnvironment', { name: active.name })}
                onClick={deleteEnv}
              />
            )}
          </div>
          {active && (
            <label className="ht-field">
              <span>{t('httpTest.variables', { name: active.name })}</span>
              <InputTextarea
                value={active.variables}
                onChange={(e) => setVariables(e.target.value)}
                rows={3}
                spellCheck={false}
                placeholder={'baseUrl=http://localhost:8080\ntoken=…'}
              />
            </label>
          )}
          <p className="folio-muted ht-hint">{t('httpTest.environmentHint', { example: '{{baseUrl}}' })}</p>
        </fieldset>

        <label className="ht-field">
          <span>{t('httpTest.headers')}</span>
          <InputTextarea
            value={headersText}
            onChange={(e) => setHeadersText(e.target.value)}
            rows={3}
            spellCheck={false}
            placeholder="Authorization: Bearer {{token}}"
          />
        </label>
        <label className="ht-field">
          <span>{t('httpTest.body')}</span>
          <InputTextarea value={body} onChange={(e) => setBody(e.target.value)} rows={5} spellCheck={false} disabled={method === 'GET' || method === 'HEAD'} />
        </label>
      </form>

      <section className="ht-response" aria-label={t('httpTest.response')} aria-live="polite">
        {outcome?.kind === 'failed' && (
          <div className="ht-error" role="alert">
            <strong>{t('httpTest.failed')}</strong> {outcome.message}
            <p>{t('httpTest.corsHint')}</p>
          </div>
        )}
        {outcome?.kind === 'done' && (
          <>
            <p className="ht-status">
              <span className={`ht-code ht-code-${Math.floor(outcome.result.status / 100)}`} aria-label={t('httpTest.status')}>
                {outcome.result.status} {outcome.result.statusText}
              </span>
              <span>{t('httpTest.time', { ms: outcome.result.timeMs })}</span>
              <span>{formatFileSize(outcome.result.sizeBytes, i18n.language)}</span>
            </p>
            <details className="ht-headers">
              <summary>{t('httpTest.responseHeaders', { count: outcome.result.headers.length })}</summary>
              <dl>
                {outcome.result.headers.map((h) => (
                  <div key={h.name}>
                    <dt>{h.name}</dt>
                    <dd>{h.value}</dd>
                  </div>
                ))}
              </dl>
            </details>
            <pre className="ht-body" aria-label={t('httpTest.responseBody')} tabIndex={0}>
              {outcome.result.body}
            </pre>
          </>
        )}
      </section>
    </Dialog>
  );
}
