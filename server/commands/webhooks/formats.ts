/**
 * What a webhook says about an event: the envelope stored per delivery and the readable summary
 * (English or Chinese) the chat presets post. How each format wraps, signs and checks a post is
 * its vendor module's job (vendors/).
 */
import type { WebhookEvent } from '../../../core/webhooks.ts';

export { WEBHOOK_FORMATS, type WebhookEvent, type WebhookFormat } from '../../../core/webhooks.ts';
/** Sent by `webhook/test` only; nobody subscribes to it. */
export type DeliveryEvent = WebhookEvent | 'webhook.test';

export type WebhookLang = 'en' | 'zh';

/** What is stored per delivery and posted as the `json` format's body (plus `delivery_id`). */
export interface WebhookEnvelope {
  event: DeliveryEvent;
  occurred_at: number;
  item: { item_id: number; item_name: string };
  actor: { uid: number; username: string } | null;
  data: Record<string, unknown>;
}

/** How a sync changed a page (`item.imported` data `pages[].change`), in words. */
const CHANGE_WORDS = {
  en: { created: 'created', updated: 'updated', moved: 'moved', deleted: 'deleted' },
  zh: { created: '新建', updated: '更新', moved: '移动', deleted: '删除' },
} as const;
type PageChange = keyof (typeof CHANGE_WORDS)['en'];

const TEXT = {
  en: {
    'page.created': (a: string, d: Data) => `${a} created page “${d.page_title}”`,
    'page.updated': (a: string, d: Data) => `${a} updated page “${d.page_title}”`,
    'page.deleted': (a: string, d: Data) => `${a} deleted page “${d.page_title}”`,
    'item.imported': (a: string, d: Data) =>
      isSync(d)
        ? `${a} synced ${num(d.pages_total)} ${num(d.pages_total) === 1 ? 'page' : 'pages'} (${d.source || 'docs push'}): ${counted(d, CHANGE_WORDS.en, (n, w) => `${n} ${w}`, ', ')}`
        : `${a} imported ${d.source || 'a file'}: ${num(d.created)} pages created, ${num(d.updated)} updated, ${num(d.unchanged)} unchanged`,
    listedPage: (title: string, change: string) => `• ${title} (${change})`,
    more: (n: number) => `… and ${n} more`,
    'api.changed': (a: string, d: Data) => {
      const s = (d.summary ?? {}) as Data;
      const n = versionNumber(d);
      const v = n ? ` (version ${n}${d.source ? `, ${d.source}` : ''})` : '';
      return `API changed${v}: ${num(s.added)} added, ${num(s.removed)} removed, ${num(s.changed)} changed, ${num(s.breaking)} breaking${a ? ` — by ${a}` : ''}`;
    },
    'comment.created': (a: string, d: Data) => `${a} commented on page “${d.page_title}”: ${clip(d.content)}`,
    'comment.resolved': (a: string, d: Data) => `${a} resolved a discussion on page “${d.page_title}”: ${clip(d.content)}`,
    'webhook.test': (a: string) => `Test message from Folio, sent by ${a}`,
    someone: 'someone',
    breaking: 'Breaking',
  },
  zh: {
    'page.created': (a: string, d: Data) => `${a} 新建了页面「${d.page_title}」`,
    'page.updated': (a: string, d: Data) => `${a} 更新了页面「${d.page_title}」`,
    'page.deleted': (a: string, d: Data) => `${a} 删除了页面「${d.page_title}」`,
    'item.imported': (a: string, d: Data) =>
      isSync(d)
        ? `${a} 通过 ${d.source || 'docs push'} 同步了 ${num(d.pages_total)} 个页面：${counted(d, CHANGE_WORDS.zh, (n, w) => `${w} ${n}`, '，')}`
        : `${a} 导入了 ${d.source || '文件'}：新建 ${num(d.created)} 页，更新 ${num(d.updated)} 页，未变 ${num(d.unchanged)} 页`,
    listedPage: (title: string, change: string) => `• ${title}（${change}）`,
    more: (n: number) => `… 另有 ${n} 个页面`,
    'api.changed': (a: string, d: Data) => {
      const s = (d.summary ?? {}) as Data;
      const n = versionNumber(d);
      const v = n ? `（版本 ${n}${d.source ? `，${d.source}` : ''}）` : '';
      return `API 变更${v}：新增 ${num(s.added)}，删除 ${num(s.removed)}，修改 ${num(s.changed)}，破坏性 ${num(s.breaking)}${a ? `（${a}）` : ''}`;
    },
    'comment.created': (a: string, d: Data) => `${a} 评论了页面「${d.page_title}」：${clip(d.content)}`,
    'comment.resolved': (a: string, d: Data) => `${a} 解决了页面「${d.page_title}」上的讨论：${clip(d.content)}`,
    'webhook.test': (a: string) => `来自 Folio 的测试消息，由 ${a} 发送`,
    someone: '有人',
    breaking: '破坏性变更',
  },
} as const;

type Data = Record<string, unknown>;
/** A comment's start in a chat line. */
const clip = (v: unknown) => {
  const text = typeof v === 'string' ? v.replace(/\s+/g, ' ').trim() : '';
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
};
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
/** The item's version number ("version N" as the changelog shows it); `version_id` is a database id shared by every item. */
const versionNumber = (d: Data) => num(d.number) || num(d.version_id);

/** Most breaking operations listed in a chat message (the rest are counted). */
const LISTED_OPERATIONS = 10;
/** Most page titles a chat message lists for a sync (`item.imported` from `sync/apply`); the rest are counted. */
const LISTED_PAGES = 5;

/** An `item.imported` of a `docs push`/`docs import` (sync/apply): it lists its pages. */
const isSync = (d: Data) => Array.isArray(d.pages);
/** The non-zero counts of a sync, in words: "3 created, 1 deleted". */
function counted(d: Data, words: Record<PageChange, string>, phrase: (n: number, word: string) => string, sep: string): string {
  return (Object.keys(words) as PageChange[])
    .filter((k) => num(d[k]) > 0)
    .map((k) => phrase(num(d[k]), words[k]))
    .join(sep);
}

/** The human summary of an event, with a link when the site's address is known. */
export function summarize(env: WebhookEnvelope, lang: WebhookLang, siteBase: string): string {
  const t = TEXT[lang];
  const actor = env.actor?.username || t.someone;
  const line = t[env.event](actor, env.data);
  const lines = [`[${env.item.item_name}] ${line}`];
  if (env.event === 'item.imported' && isSync(env.data)) {
    const pages = env.data.pages as Data[];
    const words: Record<string, string> = CHANGE_WORDS[lang];
    for (const p of pages.slice(0, LISTED_PAGES)) lines.push(t.listedPage(String(p.page_title ?? ''), words[String(p.change)] ?? String(p.change ?? '')));
    const rest = num(env.data.pages_total) - Math.min(pages.length, LISTED_PAGES);
    if (rest > 0) lines.push(t.more(rest));
  }
  if (env.event === 'api.changed' && Array.isArray(env.data.operations)) {
    const breaking = (env.data.operations as Data[]).filter((o) => o.breaking);
    for (const op of breaking.slice(0, LISTED_OPERATIONS)) lines.push(`${t.breaking}: ${String(op.method ?? '').toUpperCase()} ${op.path ?? ''}`);
    if (breaking.length > LISTED_OPERATIONS) lines.push(`… +${breaking.length - LISTED_OPERATIONS}`);
  }
  const link = linkOf(env, siteBase);
  if (link) lines.push(link);
  return lines.join('\n');
}

/** The page's address for page events, the version in the changelog for API changes, else the item's; empty when the site's address is unknown. */
export function linkOf(env: WebhookEnvelope, siteBase: string): string {
  if (!siteBase) return '';
  const pageId = env.data.page_id;
  if (typeof pageId === 'number' && env.event !== 'page.deleted') return `${siteBase}/page/${pageId}`;
  if (env.event === 'api.changed' && typeof env.data.version_id === 'number') return `${siteBase}/changelog/${env.item.item_id}?version=${env.data.version_id}`;
  return `${siteBase}/${env.item.item_id}`;
}

/** A sync's listed pages with their reader addresses (not a deleted one's), like page events' `url`; known only when the site's address is. */
export function withPageLinks(env: WebhookEnvelope, siteBase: string): WebhookEnvelope {
  if (!siteBase || env.event !== 'item.imported' || !isSync(env.data)) return env;
  const pages = (env.data.pages as Data[]).map((p) =>
    p.change !== 'deleted' && typeof p.page_id === 'number' ? { ...p, url: `${siteBase}/page/${p.page_id}` } : p,
  );
  return { ...env, data: { ...env.data, pages } };
}
