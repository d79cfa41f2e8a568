import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../cli/errors.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { envFor, runDocs, tempFolder, write } from './run.ts';
import { buildKeyedItem, type KeyedItem } from '../helpers/factories.ts';

/**
 * Inline comments against a real `docs push` (issue #24): CI rewrites the page around the quoted
 * text and the thread stays anchored; a push that drops the text leaves it outdated, still listed.
 */
let t: TestServer;
let k: KeyedItem;
let dir: string;
beforeAll(async () => {
  t = await startTestServer();
  k = await buildKeyedItem(t);
  dir = tempFolder();
});
afterAll(() => t.close());

const push = async () => {
  const r = await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
  expect(r.code, r.stderr).toBe(ExitCode.OK);
};
const thread = async (pageId: number) => (await t.call('comment/list', { page_id: pageId, status: 'all' }, { token: k.owner.token })).data.threads[0];

describe('anchors across docs push', () => {
  it('follows the quote through a push that edits around it, and keeps it as outdated when a push removes it', async () => {
    write(dir, 'auth.md', '# Auth\n\nTokens expire after **24 hours**.\n');
    await push();
    const tree = (await t.call('sync/tree', { api_key: k.api_key, api_token: k.api_token })).data;
    expect(tree.pages).toHaveLength(1);
    const pageId = tree.pages[0].page_id as number;
    const saved = await t.call(
      'comment/save',
      {
        page_id: pageId,
        content: 'Is it 24 h for refresh tokens too?',
        anchor: JSON.stringify({ quote: 'expire after 24 hours', prefix: 'Tokens ', suffix: '.' }),
      },
      { token: k.owner.token },
    );
    expect(saved.error_code, saved.error_message).toBe(0);

    write(dir, 'auth.md', '# Auth\n\n> Since v2.\n\nAccess tokens expire\nafter **24 hours**; refresh tokens last 30 days.\n');
    await push();
    expect(await thread(pageId)).toMatchObject({ comment_id: saved.data.comment_id, outdated: false });

    write(dir, 'auth.md', '# Auth\n\nAccess tokens expire after 1 hour.\n');
    await push();
    expect(await thread(pageId)).toMatchObject({
      comment_id: saved.data.comment_id,
      outdated: true,
      anchor: { quote: 'expire after 24 hours' },
      content: 'Is it 24 h for refresh tokens too?',
    });
  }, 120_000);
});
