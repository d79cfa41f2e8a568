import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../cli/errors.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { envFor, runDocs, tempFolder, write } from './run.ts';
import { buildKeyedItem } from '../helpers/factories.ts';

// Issue #21 part 4: plan and push check links, anchors and referenced files, with file and line.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** A folder with one of each kind of broken reference, and as many good ones. */
function brokenFolder(): string {
  const dir = tempFolder();
  write(
    dir,
    'intro.md',
    [
      '---',
      'title: Intro',
      '---',
      '',
      '# Intro',
      '',
      'Good: [setup](guide/setup.md#install-it), [custom id](guide/setup.md#cfg), [clean URL](guide/setup), [here](#intro).',
      'Good: ![logo](img/logo.png), <a href="guide/setup.md#anchor-in-html">html anchor</a>, [site](https://example.com/x.md).',
      '',
      'Dead: [missing page](guide/nope.md)',
      'Anchor: [no heading](guide/setup.md#uninstall)',
      '',
      '```md',
      '[inside code](not-checked.md)',
      '```',
      'Skipped: [mdx](widget.mdx) and `[code span](nope.md)` is not a link.',
      'Image: ![gone](img/missing.png)',
      'Own anchor: [x](#nowhere) and outside [up](../elsewhere.md).',
      '',
    ].join('\n'),
  );
  write(dir, 'guide/setup.md', '# Setup\n\n## Install it\n\n## Configure { #cfg }\n\n<a id="anchor-in-html"></a>\n');
  write(dir, 'widget.mdx', '# Widget\n\n<Widget />\n');
  fs.mkdirSync(path.join(dir, 'img'));
  fs.writeFileSync(path.join(dir, 'img/logo.png'), PNG);
  return dir;
}

const EXPECTED = [
  'intro.md:10: "guide/nope.md": dead link: no page guide/nope.md in the folder',
  'intro.md:11: "guide/setup.md#uninstall": no heading or anchor "#uninstall" in guide/setup.md',
  'intro.md:16: "widget.mdx": links to widget.mdx, which the push skips (MDX (JSX in Markdown) is not synced: rename it to .md if it is plain Markdown)',
  'intro.md:17: "img/missing.png": missing file: img/missing.png does not exist',
  'intro.md:18: "#nowhere": no heading or anchor "#nowhere" in intro.md',
  'intro.md:18: "../elsewhere.md": leaves the pushed folder: the server cannot show it (move the file into the folder, or link to its published URL)',
];

describe('link check', () => {
  it('docs plan lists every broken link, anchor and reference with file and line, and still exits 0', async () => {
    const k = await buildKeyedItem(t);
    const dir = brokenFolder();
    const plan = await runDocs(['plan', dir], { cwd: dir, env: envFor(t, k) });
    expect(plan.code, plan.stderr).toBe(ExitCode.OK);
    const listed = plan.stderr
      .split('\n')
      .filter((l) => l.startsWith('  intro.md:'))
      .map((l) => l.trim());
    expect(listed).toEqual(EXPECTED);
    expect(plan.stderr).toContain('broken links and references (6):');

    const json = JSON.parse((await runDocs(['plan', dir, '--json'], { cwd: dir, env: envFor(t, k) })).stdout);
    expect(json.links).toHaveLength(6);
    expect(json.links[0]).toEqual({ path: 'intro.md', line: 10, problem: '"guide/nope.md": dead link: no page guide/nope.md in the folder' });
  });

  it('--strict makes them fatal: plan and push exit 2 and nothing is written', async () => {
    const k = await buildKeyedItem(t);
    const dir = brokenFolder();
    const plan = await runDocs(['plan', dir, '--strict'], { cwd: dir, env: envFor(t, k) });
    expect(plan.code).toBe(ExitCode.BROKEN_LINKS);
    expect(plan.code).toBe(2);
    expect(plan.stderr).toContain('6 broken link(s) or reference(s): docs push --strict would write nothing (--strict, exit 2)');

    const push = await runDocs(['push', dir, '--strict'], { cwd: dir, env: envFor(t, k) });
    expect(push.code).toBe(2);
    expect(push.stderr).toContain('nothing was pushed (--strict, exit 2)');
    const tree = await t.call('sync/tree', { api_key: k.api_key, api_token: k.api_token });
    expect(tree.data.pages).toEqual([]);
    expect(fs.existsSync(path.join(dir, '.docs/state.json'))).toBe(false);

    // Without --strict the same folder is pushed, the problems listed.
    const lenient = await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    expect(lenient.code, lenient.stderr).toBe(ExitCode.OK);
    expect(lenient.stderr).toContain('intro.md:10: "guide/nope.md"');
    expect((await t.call('sync/tree', { api_key: k.api_key, api_token: k.api_token })).data.pages).toHaveLength(2);
    // A push that writes nothing reads (and checks) no page; a plan still checks them all.
    const noop = await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    expect(noop.code, noop.stderr).toBe(ExitCode.OK);
    expect(noop.stderr).not.toContain('broken links');
    expect((await runDocs(['plan', dir], { cwd: dir, env: envFor(t, k) })).stderr).toContain('broken links and references (6):');
  });

  it('a folder whose links all resolve passes --strict', async () => {
    const k = await buildKeyedItem(t);
    const dir = brokenFolder();
    write(dir, 'intro.md', '# Intro\n\nSee [setup](guide/setup.md#configure-cfg-wrong).\n');
    expect((await runDocs(['plan', dir, '--strict'], { cwd: dir, env: envFor(t, k) })).code).toBe(2);
    write(dir, 'intro.md', '# Intro\n\nSee [setup](guide/setup.md#cfg) and ![logo](/img/logo.png).\n');
    const ok = await runDocs(['push', dir, '--strict', '--assets-root', '.'], { cwd: dir, env: envFor(t, k) });
    expect(ok.code, ok.stderr).toBe(ExitCode.OK);
    expect(ok.stderr).not.toContain('broken links');
  });
});
