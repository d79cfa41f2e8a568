import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../cli/errors.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { envFor, read, runDocs, tempFolder, write } from './run.ts';
import { buildKeyedItem, type KeyedItem } from '../helpers/factories.ts';

/** Issue #21, part 8: what the CLI shows of a server page (plan --diff, .server copies) is in repository form. */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e2b1b0a90000000049454e44ae426082',
  'hex',
);
const A = '# Alpha\n\nSee [Beta](guide/b.md) and ![logo](img/logo.png).\n\nPlain line.\n';

function folder(): string {
  const dir = tempFolder();
  write(dir, 'a.md', A);
  write(dir, 'guide/b.md', '# Beta\n\nBeta text.\n');
  fs.mkdirSync(path.join(dir, 'img'));
  fs.writeFileSync(path.join(dir, 'img/logo.png'), PNG);
  return dir;
}
async function pageOf(k: KeyedItem, sourcePath: string) {
  const tree = await t.call('sync/tree', { api_key: k.api_key, api_token: k.api_token });
  const p = tree.data.pages.find((x) => x.source_path === sourcePath)!;
  const info = await t.call('page/info', { page_id: p.page_id }, { token: k.owner.token });
  return { ...p, content: info.data.page_content as string, cat_id: info.data.cat_id as number, title: info.data.page_title as string };
}

describe('repository form (issue #21, part 8)', () => {
  it('docs plan --diff compares the file with the server page as a pull writes it: only the edited line differs', async () => {
    const k = await buildKeyedItem(t);
    const dir = folder();
    expect((await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) })).code).toBe(ExitCode.OK);
    // The server holds the links as server URLs.
    expect((await pageOf(k, 'a.md')).content).not.toContain('](guide/b.md)');
    write(dir, 'a.md', A.replace('Plain line.', 'Plain line, edited.'));
    const plan = await runDocs(['plan', dir, '--diff'], { cwd: dir, env: envFor(t, k) });
    expect(plan.code, plan.stderr).toBe(ExitCode.OK);
    const changed = plan.stdout.split('\n').filter((l) => /^[-+][^-+]/.test(l));
    expect(changed).toEqual(['-Plain line.', '+Plain line, edited.']);
  });

  it("a conflict copy written from a fresh copy holds the repository's relative links and paths, not server URLs", async () => {
    const k = await buildKeyedItem(t);
    const dir = folder();
    expect((await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) })).code).toBe(ExitCode.OK);
    const a = await pageOf(k, 'a.md');
    const saved = await t.call(
      'page/save',
      {
        page_id: a.page_id,
        item_id: k.item_id,
        cat_id: a.cat_id,
        page_title: a.title,
        page_content: a.content.replace('Plain line.', 'Plain line, from the web.'),
      },
      { token: k.owner.token },
    );
    expect(saved.error_code, saved.error_message).toBe(0);

    const fresh = tempFolder(dir);
    fs.rmSync(path.join(fresh, '.docs'), { recursive: true });
    write(fresh, 'a.md', A.replace('Plain line.', 'Plain line, from the fresh copy.'));
    const pushed = await runDocs(['push', fresh], { cwd: fresh, env: envFor(t, k) });
    expect(pushed.code, pushed.stderr).toBe(ExitCode.CONFLICT);
    expect(read(fresh, 'a.md.server')).toBe(A.replace('Plain line.', 'Plain line, from the web.'));
  });
});
