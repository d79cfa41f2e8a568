import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../cli/errors.ts';
import { closeAllLive, connectLive, liveText, liveToken, waitSynced, waitUntil } from '../helpers/live.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { envFor, read, runDocs, tempFolder, write } from './run.ts';
import { buildKeyedItem, type KeyedItem } from '../helpers/factories.ts';

// `docs push` (the real CLI against the real server) into a page two people edit live.
const EXAMPLES = path.resolve(import.meta.dirname, '../../examples/docs');
const CONFLICTS = 'guide/advanced/conflicts.md';

let t: TestServer;
beforeAll(async () => {
  // Long debounce: no live store lands between the push reading the page and writing it (that
  // would be a stale base, refused as the rules say); the last client leaving stores at once.
  t = await startTestServer({ env: { LIVE_STORE_DEBOUNCE_MS: '20000', LIVE_STORE_MAX_DEBOUNCE_MS: '60000' } });
});
afterEach(() => closeAllLive());
afterAll(() => t.close());

async function pageByTitle(k: KeyedItem, title: string) {
  const r = await t.call('sync/tree', { api_key: k.api_key, api_token: k.api_token });
  const p = (r.data.pages as { page_id: number; page_title: string }[]).find((x) => x.page_title === title)!;
  return (await t.call('page/info', { page_id: p.page_id }, { token: k.owner.token })).data as { page_id: number; page_content: string; revision: number };
}

async function twoEditors(k: KeyedItem, pageId: number) {
  const tok = await liveToken(t, pageId, { token: k.owner.token });
  const fresh = () => liveToken(t, pageId, { token: k.owner.token }).then((x) => x.token);
  const a = connectLive(t.url, fresh, tok.doc);
  const b = connectLive(t.url, fresh, tok.doc);
  await Promise.all([waitSynced(a), waitSynced(b)]);
  return [a, b] as const;
}

describe('docs push into a live page', () => {
  it('merges the pushed change while two clients type: both converge on both, page/info equals it', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder(EXAMPLES);
    expect((await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) })).code).toBe(ExitCode.OK);
    const page = await pageByTitle(k, 'Conflicts and merges');
    const [a, b] = await twoEditors(k, page.page_id);

    write(dir, CONFLICTS, read(dir, CONFLICTS) + '\nA line pushed from the repository.\n');
    const typing = (async () => {
      for (let i = 0; i < 15; i++) {
        const p = i % 2 ? a : b;
        liveText(p).insert(0, `live ${i}\n`);
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    const pushed = await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    await typing;
    expect(pushed.code, pushed.stderr).toBe(ExitCode.OK);

    await waitUntil(
      () =>
        liveText(a).toString() === liveText(b).toString() &&
        liveText(a).toString().includes('A line pushed from the repository.') &&
        liveText(a).toString().includes('live 14'),
      'both clients to hold the push and every keystroke',
    );
    const text = liveText(a).toString();
    for (let i = 0; i < 15; i++) expect(text.split(`live ${i}\n`).length - 1).toBe(1);
    expect(text.split('A line pushed from the repository.').length - 1).toBe(1);
    // The last to leave stores at once.
    a.destroy();
    b.destroy();
    await waitUntil(async () => (await pageByTitle(k, 'Conflicts and merges')).page_content === text, 'page/info to equal the live text', 15_000);
  });

  it('refuses a push whose base is stale on the same line (exit 3), leaving the live text alone', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder(EXAMPLES);
    expect((await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) })).code).toBe(ExitCode.OK);
    const page = await pageByTitle(k, 'Conflicts and merges');
    const [a, b] = await twoEditors(k, page.page_id);
    const at = liveText(a).toString().indexOf('line by\nline.');
    liveText(a).delete(at, 'line by\nline.'.length);
    liveText(a).insert(at, 'line by\nline (live wording).');
    await waitUntil(() => liveText(b).toString().includes('live wording'), 'b to see the live edit');
    // Stored: the last leaves (the page's revision moves past the repository's base).
    a.destroy();
    b.destroy();
    await waitUntil(async () => (await pageByTitle(k, 'Conflicts and merges')).revision > page.revision, 'the live store');
    const live = (await pageByTitle(k, 'Conflicts and merges')).page_content;

    write(dir, CONFLICTS, read(dir, CONFLICTS).replace('line by\nline.', 'line by\nline (repository wording).'));
    const r = await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    expect(r.code).toBe(ExitCode.CONFLICT);
    expect((await pageByTitle(k, 'Conflicts and merges')).page_content).toBe(live);
    const [c] = await twoEditors(k, page.page_id);
    expect(liveText(c).toString()).toBe(live);
  });

  it('a push linking the live page to a page it creates: the clients get the filled-in link, never the token', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder(EXAMPLES);
    expect((await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) })).code).toBe(ExitCode.OK);
    const page = await pageByTitle(k, 'Conflicts and merges');
    const [a] = await twoEditors(k, page.page_id);
    write(dir, 'guide/advanced/brand-new.md', '# Brand new\n\nCreated by this push.\n');
    write(dir, CONFLICTS, read(dir, CONFLICTS) + '\nSee [the new page](brand-new.md).\n');
    const r = await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    expect(r.code, r.stderr).toBe(ExitCode.OK);
    const stored = (await pageByTitle(k, 'Conflicts and merges')).page_content;
    expect(stored).toContain('the new page');
    expect(stored).not.toContain('{{sync-page:');
    await waitUntil(() => liveText(a).toString() === stored, 'the client to hold the stored text with the link filled in');
  });
});
