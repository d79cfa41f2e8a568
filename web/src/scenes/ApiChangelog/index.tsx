import { call } from '../../api/client.ts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { ApiVersionEntry, ApiVersionInfo, ApiVersionOperation } from '@core/apiChanges';
import type { ChangeReason } from '@core/apiDiff';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { useApiData } from '../../hooks/useApiData.ts';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.ts';
import './ApiChangelog.css';

/**
 * `/changelog/:itemId` and `/changelog/s/:shareKey` — an item's API versions as a timeline (newest
 * first); the selected version's diff grouped by operation, breaking ones first, each reason with
 * its JSON path and each operation linked to its page. Through a share key (a page of a public
 * item) it reads under the share's rights.
 */
export default function ApiChangelogScene() {
  const { t, i18n } = useTranslation('apichanges');
  const { itemId, shareKey } = useParams();
  const [search, setSearch] = useSearchParams();
  const list = useApiData(() => call('apiChange/list', shareKey ? { share_key: shareKey } : { item_id: itemId }), [itemId, shareKey]);
  useDocumentTitle(t('title'));
  const versions = list.data?.versions ?? [];
  const selectedId = Number(search.get('version')) || versions[0]?.version_id || 0;
  const [info, setInfo] = useState<ApiVersionInfo | null>(null);
  useEffect(() => {
    setInfo(null);
    if (!selectedId) return;
    let live = true;
    call('apiChange/info', { version_id: selectedId, share_key: shareKey }).then(
      (r) => live && setInfo(r),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [selectedId, shareKey]);

  const when = useMemo(() => new Intl.DateTimeFormat(i18n.language === 'zh' ? 'zh-CN' : 'en', { dateStyle: 'medium', timeStyle: 'short' }), [i18n.language]);
  if (!list.data) return list.loading ? <PageSpinner /> : <div className="ac-empty">{t('unavailable')}</div>;
  const itemHref = shareKey ? null : `/${list.data.item_id}`;

  return (
    <div className="api-changelog">
      <header className="ac-header">
        <h1>{t('title')}</h1>
        {itemHref && <Link to={itemHref}>{t('backToItem')}</Link>}
      </header>
      {!versions.length ? (
        <p className="ac-empty">{t('none')}</p>
      ) : (
        <div className="ac-body">
          <nav className="ac-timeline" aria-label={t('timeline')}>
            <ol>
              {versions.map((v) => (
                <li key={v.version_id}>
                  <button
                    type="button"
                    className={`ac-version${v.version_id === selectedId ? ' selected' : ''}`}
                    aria-current={v.version_id === selectedId ? 'true' : undefined}
                    onClick={() => setSearch({ version: String(v.version_id) }, { replace: true })}
                  >
                    <span className="ac-version-title">
                      {t('version', { number: v.number })}
                      {v.summary.breaking > 0 && <span className="ac-tag breaking">{t('breakingCount', { count: v.summary.breaking })}</span>}
                    </span>
                    <span className="ac-version-meta">
                      {when.format(new Date(v.created_at * 1000))} · {v.author.username || t('unknownAuthor')}
                    </span>
                    <span className="ac-version-meta ac-source" title={v.source.name}>
                      {v.source.name || v.source.kind} ({v.source.kind === 'postman' ? 'Postman' : 'OpenAPI'})
                    </span>
                    <Summary v={v} />
                  </button>
                </li>
              ))}
            </ol>
          </nav>
          <section className="ac-diff" aria-label={t('diffOf', { number: versions.find((v) => v.version_id === selectedId)?.number ?? '' })}>
            {!info ? (
              <PageSpinner />
            ) : (
              <>
                <h2>
                  {t('version', { number: info.number })} <Summary v={info} />
                </h2>
                {!info.operations.length ? <p>{t('noOperationChanges')}</p> : <Operations ops={info.operations} linkPages={!!itemHref || !!shareKey} />}
              </>
            )}
          </section>
        </div>
      )}
    </div>
  );
}

const SCHEMA_RULES = new Set([
  'type-changed',
  'format-changed',
  'enum-added',
  'enum-removed',
  'enum-value-added',
  'enum-value-removed',
  'example-changed',
  'schema-changed',
  'variants-changed',
  'pattern-changed',
  'property-deprecated',
  'property-access-changed',
]);
const KEYWORD_AT_END =
  /\.(type|format|enum|description|example|pattern|oneOf|minLength|maxLength|minimum|maximum|minItems|maxItems|deprecated|readOnly|writeOnly)$/;

/** The i18n key of a diff rule (core/apiDiff.ts) and the name it is about, read off the reason's JSON path. */
function ruleLabel(reason: ChangeReason): { key: string; name: string } {
  const bare = reason.rule.replace(/^(request|response)-/, '');
  const bound = /-(minLength|maxLength|minimum|maximum|minItems|maxItems)-(narrowed|widened)$/.exec(reason.rule);
  const at = reason.path.replace(KEYWORD_AT_END, '');
  const name = bound
    ? `${at.split('.').pop()}.${bound[1]}`
    : reason.rule.includes('media-type')
      ? (/\.content\.([^]*)$/.exec(reason.path)?.[1] ?? '')
      : (at.split('.').pop() ?? '');
  if (bound) return { key: `bound-${bound[2]}`, name };
  if (SCHEMA_RULES.has(bare)) return { key: bare, name };
  if (reason.rule.endsWith('-description-changed') && reason.path.endsWith('.description') && reason.rule !== 'request-parameter-description-changed')
    return { key: 'schema-description-changed', name };
  return { key: reason.rule, name };
}

/** English: the diff's own sentence (it names values); other languages: the rule's label, the sentence as its tooltip. */
function ReasonText({ reason }: { reason: ChangeReason }) {
  const { t, i18n } = useTranslation('apichanges');
  const { key, name } = ruleLabel(reason);
  if (i18n.language.startsWith('en')) return <span>{reason.message}</span>;
  return <span title={reason.message}>{t(`rule.${key}`, { name, defaultValue: reason.message })}</span>;
}

function Summary({ v }: { v: Pick<ApiVersionEntry, 'summary'> }) {
  const { t } = useTranslation('apichanges');
  return (
    <span className="ac-summary">
      <span className="ac-count added">{t('added', { count: v.summary.added })}</span>
      <span className="ac-count removed">{t('removed', { count: v.summary.removed })}</span>
      <span className="ac-count changed">{t('changed', { count: v.summary.changed })}</span>
    </span>
  );
}

/** Breaking operations first (the server's order), each with its reasons. */
function Operations({ ops, linkPages }: { ops: ApiVersionOperation[]; linkPages: boolean }) {
  const { t } = useTranslation('apichanges');
  const breaking = ops.filter((o) => o.breaking);
  const rest = ops.filter((o) => !o.breaking);
  const group = (title: string, list: ApiVersionOperation[]) =>
    list.length > 0 && (
      <section className="ac-group">
        <h3>{title}</h3>
        <ul className="ac-ops">
          {list.map((o) => (
            <li key={`${o.method} ${o.path}`} className={`ac-op${o.breaking ? ' breaking' : ''}`}>
              <div className="ac-op-head">
                <span className={`ac-method m-${o.method.toLowerCase()}`}>{o.method}</span>
                {linkPages && o.page_id ? (
                  <Link to={`/page/${o.page_id}`} className="ac-path">
                    {o.path}
                  </Link>
                ) : (
                  <span className="ac-path">{o.path}</span>
                )}
                <span className={`ac-tag ${o.change}`}>{t(`kind.${o.change}`)}</span>
                {o.breaking && <span className="ac-tag breaking">{t('breaking')}</span>}
              </div>
              {o.change === 'changed' || o.breaking ? (
                <ul className="ac-reasons">
                  {o.reasons.map((r, i) => (
                    <li key={i} className={r.breaking ? 'breaking' : undefined}>
                      {r.breaking && <strong>{t('breaking')}: </strong>}
                      <ReasonText reason={r} /> <code>{r.path}</code>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    );
  return (
    <>
      {group(t('breakingChanges'), breaking)}
      {group(t('otherChanges'), rest)}
    </>
  );
}
