import fs from 'node:fs';
import path from 'node:path';
import MarkdownIt from 'markdown-it';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { docFromText } from '../../cli/sync/folder.ts';
import { parseMarkdownFile, renderPageFile } from '../../cli/sync/frontMatter.ts';
import { merge3 } from '../../cli/sync/merge.ts';
import { findReferences, loadReferenceFinder, restoreReferences, rewriteReferences } from '../../importers/markdownFolder/references.ts';
import { computePlan, type ServerPage } from '../../cli/sync/plan.ts';
import { emptyState, type SyncState } from '../../cli/sync/state.ts';

describe('merge3', () => {
  const base = 'a\nb\nc\nd\ne\n';
  it('takes changes to different lines from both sides', () => {
    expect(merge3(base, 'A\nb\nc\nd\ne\n', 'a\nb\nc\nd\nE\n')).toEqual({ clean: true, text: 'A\nb\nc\nd\nE\n', conflicts: 0 });
  });
  it('takes insertions and deletions from both sides', () => {
    expect(merge3(base, 'a\nb\nc\nnew\nd\ne\n', 'a\nc\nd\ne\nlast\n').text).toBe('a\nc\nnew\nd\ne\nlast\n');
  });
  it('takes an identical change once', () => {
    expect(merge3(base, 'a\nX\nc\nd\ne\n', 'a\nX\nc\nd\ne\n')).toMatchObject({ clean: true, text: 'a\nX\nc\nd\ne\n' });
  });
  it('marks different changes to the same line as a conflict', () => {
    const r = merge3(base, 'a\nmine\nc\nd\ne\n', 'a\ntheirs\nc\nd\ne\n');
    expect(r.clean).toBe(false);
    expect(r.conflicts).toBe(1);
    expect(r.text).toBe('a\n<<<<<<< local\nmine\n=======\ntheirs\n>>>>>>> server\nc\nd\ne\n');
  });
  it('handles an empty base (both sides created text)', () => {
    expect(merge3('', 'x\n', 'x\n')).toMatchObject({ clean: true, text: 'x\n' });
    expect(merge3('', 'x\n', 'y\n').clean).toBe(false);
  });
});

describe('front matter', () => {
  it('reads simple key: value lines exactly as the YAML parser would', () => {
    for (const fm of ['title: Hello world\norder: 3', 'order: -2', 'title: Ünïcödé — ok', 'title: 12']) {
      const parsed = parseMarkdownFile(`---\n${fm}\n---\nbody`, 'x.md');
      const y = parseYaml(fm) as { title?: unknown; order?: number };
      expect(parsed.title).toBe(y.title === undefined ? undefined : String(y.title));
      expect(parsed.order).toBe(y.order);
      expect(parsed.body).toBe('body');
    }
  });
  it('falls back to the YAML parser for quoted and structured values', () => {
    expect(parseMarkdownFile('---\ntitle: "A: B"\ntags: [x, y]\n---\n', 'x.md').title).toBe('A: B');
  });
  it('names the file and line of bad YAML', () => {
    expect(() => parseMarkdownFile('---\ntitle: ok\norder: [1\n---\n', 'dir/bad.md')).toThrow(/^dir\/bad\.md:\d+: bad front matter/);
  });
  it('rejects an order that is not a whole number', () => {
    expect(() => parseMarkdownFile('---\norder: first\n---\n', 'a.md')).toThrow(/order must be a whole number/);
  });
  it('renders files that parse back to the same title, order and body', () => {
    for (const page of [
      { title: 'Same as file', order: 99, body: 'text' },
      { title: 'From H1', order: 99, body: '# From H1\ntext' },
      { title: 'Explicit: title', order: 4, body: '# Other heading\n' },
      { title: 'Rule first', order: 99, body: '---\nnot front matter' },
    ]) {
      const text = renderPageFile({ ...page, head: null }, 'Same as file', 99);
      const doc = docFromText('Same as file.md', [], text);
      expect({ title: doc.title, order: doc.order, body: doc.content }).toEqual(page);
    }
  });
});

describe('computePlan', () => {
  const doc = (relPath: string, text: string, catPath: string[] = []) => docFromText(relPath, catPath, text);
  const server = (p: Partial<ServerPage> & { page_id: number; page_title: string; content: string }): ServerPage => ({
    cat_path: [],
    s_number: 99,
    revision: 1,
    stable_key: null,
    source_path: null,
    sync_revision: 0,
    sync_hash: '',
    sync_created: false,
    sync_blob: '',
    sync_blob_history: [],
    sync_blob_committed: false,
    content_hash: doc('x.md', p.content).hash,
    ...p,
  });
  const stateWith = (entries: SyncState['pages']): SyncState => ({ ...emptyState('http://s'), pages: entries });

  it('creates what the server lacks and matches by catalog path and title without state', () => {
    const plan = computePlan(
      [doc('a.md', '# A\n'), doc('g/b.md', '# B\n', ['g'])],
      emptyState('http://s'),
      [server({ page_id: 7, page_title: 'B', cat_path: ['g'], content: '# B\n' })],
      { prune: false },
    );
    expect(plan.entries.map((e) => [e.action, e.relPath, e.server?.page_id])).toEqual([
      ['create', 'a.md', undefined],
      ['unchanged', 'g/b.md', 7],
    ]);
  });

  // vuejs/docs from a fresh clone: a page whose links the server holds rewritten was listed as `content` changed when only its title was.
  it('does not call content changed when the file is the one the sync recorded (its links are rewritten on the server)', () => {
    const d = doc('api/setup.md', '# Setup\n\nSee [core](./core).\n', ['api']);
    const s = server({
      page_id: 4,
      page_title: 'Old title',
      cat_path: ['api'],
      content: '# Setup\n\nSee [core](/1?page_id=3).\n',
      source_path: 'api/setup.md',
      sync_revision: 1,
      sync_hash: d.fileHash!,
    });
    const plan = computePlan([d], emptyState('http://s'), [s], { prune: false });
    expect(plan.entries.map((e) => [e.action, e.detail])).toEqual([['move', 'title "Old title" → "Setup"']]);
  });

  it('recognises a renamed file by its content hash', () => {
    const d = doc('new-name.md', '# Title\nbody\n');
    const s = server({ page_id: 3, page_title: 'Title', content: '# Title\nbody\n' });
    const state = stateWith({ 'old-name.md': { page_id: 3, revision: 1, hash: d.hash, title: 'Title', cat_path: [], order: 99 } });
    const plan = computePlan([d], state, [s], { prune: true });
    expect(plan.entries.map((e) => [e.action, e.server?.page_id])).toEqual([['unchanged', 3]]);
  });

  it('asks for a merge when both sides changed the content since the last sync', () => {
    const d = doc('a.md', '# A\nlocal\n');
    const s = server({ page_id: 1, page_title: 'A', content: '# A\nserver\n', revision: 2 });
    const state = stateWith({ 'a.md': { page_id: 1, revision: 1, hash: doc('a.md', '# A\n').hash, title: 'A', cat_path: [], order: 99 } });
    const [entry] = computePlan([d], state, [s], { prune: false }).entries;
    expect(entry).toMatchObject({ action: 'update', needsMerge: true });
  });

  it('leaves a page changed only on the server alone', () => {
    const d = doc('a.md', '# A\n');
    const s = server({ page_id: 1, page_title: 'A', content: '# A\nserver\n', revision: 2 });
    const state = stateWith({ 'a.md': { page_id: 1, revision: 1, hash: d.hash, title: 'A', cat_path: [], order: 99 } });
    expect(computePlan([d], state, [s], { prune: false }).entries[0]!.action).toBe('unchanged');
  });

  it('calls it a conflict, not an update, when pushing would undo a rename, move or reorder made on the server', () => {
    const base = doc('a.md', '# A\nbody\n');
    const state = stateWith({ 'a.md': { page_id: 1, revision: 1, hash: base.hash, title: 'A', cat_path: [], order: 99 } });
    const edited = doc('a.md', '# A\nbody, edited here\n');
    const renamed = server({ page_id: 1, page_title: 'A renamed', content: '# A\nbody\n', revision: 2 });
    const [rename] = computePlan([edited], state, [renamed], { prune: false }).entries;
    expect(rename).toMatchObject({ action: 'conflict' });
    expect(rename!.detail).toContain('title "A" → "A renamed" on the server, "A" here');
    const moved = server({ page_id: 1, page_title: 'A', cat_path: ['Guides'], s_number: 5, content: '# A\nbody\n', revision: 2 });
    const [move] = computePlan([edited], state, [moved], { prune: false }).entries;
    expect(move!.detail).toMatch(/catalog \(root\) → Guides on the server, \(root\) here; order 99 → 5 on the server, 99 here/);
    // The same rename made on both sides is no conflict; an untouched file just waits for a pull.
    const sameRename = doc('a.md', '---\ntitle: A renamed\n---\n# A\nbody, edited here\n');
    expect(computePlan([sameRename], state, [renamed], { prune: false }).entries[0]!.action).toBe('update');
    expect(computePlan([base], state, [renamed], { prune: false }).entries[0]!.action).toBe('unchanged');
  });

  it('prunes only pages the sync created and nobody changed since; keeps web pages and server-side changes', () => {
    const s1 = server({ page_id: 1, page_title: 'Gone', content: 'x', sync_created: true, sync_revision: 1 });
    const s2 = server({ page_id: 2, page_title: 'Edited', content: 'y', revision: 5, sync_created: true, sync_revision: 4 });
    const web = server({ page_id: 3, page_title: 'Web', content: 'z' });
    const state = stateWith({
      'gone.md': { page_id: 1, revision: 1, hash: s1.content_hash, title: 'Gone', cat_path: [], order: 99 },
      'edited.md': { page_id: 2, revision: 4, hash: 'old', title: 'Edited', cat_path: [], order: 99 },
    });
    expect(computePlan([], state, [s1, s2, web], { prune: false }).orphans).toHaveLength(3);
    const plan = computePlan([], state, [s1, s2, web], { prune: true, force: true });
    expect(plan.entries.map((e) => [e.action, e.server!.page_id])).toEqual([['delete', 1]]);
    expect(plan.kept.map((k) => [k.server.page_id, k.reason])).toEqual([
      [2, expect.stringContaining('changed on the server')],
      [3, expect.stringContaining('not created by the sync')],
    ]);
  });
});

describe('references (markdown-it token walk)', () => {
  beforeAll(() => loadReferenceFinder());
  // A real third-party README (markdown-it-anchor 10.0.0, Unlicense): links in prose, tables and
  // headings, and link syntax inside a fenced code block and code spans.
  const README = fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/third-party/markdown-it-anchor-README.md'), 'utf8');
  const fences = [...README.matchAll(/^```[^\n]*\n[\s\S]*?^```$/gm)].map((m) => [m.index, m.index + m[0].length] as const);
  const spans = [...README.matchAll(/`[^`\n]+`/g)].map((m) => [m.index, m.index + m[0].length] as const);

  it('finds every link of prose and tables, and none inside code', () => {
    const refs = findReferences(README);
    const urls = refs.map((r) => r.url);
    expect(urls).toContain('./README-zh_CN.md');
    expect(urls).toContain('example.html');
    // Twice in the options table, once in prose.
    expect(urls.filter((u) => u === 'permalink.js')).toHaveLength(3);
    // `permalink: anchor.permalink[styleOfPermalink](permalinkOpts)` sits in a fenced block.
    expect(README).toContain('anchor.permalink[styleOfPermalink](permalinkOpts)');
    expect(urls).not.toContain('permalinkOpts');
    for (const r of refs) {
      expect(README.slice(r.start, r.end)).toBe(r.url);
      expect(
        fences.some(([a, b]) => r.start >= a && r.start < b),
        r.url,
      ).toBe(false);
      expect(
        spans.some(([a, b]) => r.start >= a && r.end <= b),
        r.url,
      ).toBe(false);
    }
    // As many as markdown-it renders as inline links and images (reference definitions aside).
    const rendered = new MarkdownIt({ html: true }).render(README);
    expect(refs.length).toBe((rendered.match(/<a href=|<img src=/g) ?? []).length);
  });

  it('rewrites only real references, and puts them back byte for byte', () => {
    let n = 0;
    const { content, refs } = rewriteReferences(README, (ref) => (isLocalFile(ref.url) ? { served: `/served/${n++}` } : null));
    expect(refs.map((r) => r[1])).toEqual(['./README-zh_CN.md', 'example.html', 'permalink.js', 'permalink.js', 'permalink.js']);
    expect(content).toContain('anchor.permalink[styleOfPermalink](permalinkOpts)');
    expect(content).toContain('[`permalink.js`](/served/');
    expect(restoreReferences(content, JSON.stringify(refs))).toBe(README);
  });

  it('handles block quotes, lists, tables, reference definitions, HTML and CRLF', () => {
    const text =
      '> quote [x](./a.md) and `[y](./b.md)`\n\n- item ![i](img/x.png "t")\n  next <img src="p.png">\n\n```md\n[fenced](./d.md)\n```\n\n    [indented](./c.md)\n\n' +
      '| a | b |\n|---|---|\n| `[no](./f.md)` | [cell](./e.md) |\n\n[ref]: <./g.md> "title"\n\n<div><img src="./h.png"></div>\r\n\r\nline [crlf](./i.md)\r\n';
    expect(findReferences(text).map((r) => r.url)).toEqual(['./a.md', 'img/x.png', 'p.png', './e.md', './g.md', './h.png', './i.md']);
  });
});

const isLocalFile = (url: string) => !/^[a-z]+:|^#|^\/\//i.test(url);
