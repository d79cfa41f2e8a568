import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFile } from '../helpers/files.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { npmFixture } from '../helpers/npmFixtures.ts';
import { buildItem, buildPage, buildUser } from '../helpers/factories.ts';

/**
 * Issue #26: the Word export embeds a page's images instead of writing `[image]`. Real images:
 * fastify's SVG figure (tests/fixtures/real-docs, stored by the Markdown-zip import as an
 * attachment), postman-to-markdown's PNG screenshot and highlight.js's JPEG texture (from npm packages, in tests/fixtures/npm,
 * MIT/BSD), as an attachment, a `data:` URI and an HTML `<img>`; remote images are never fetched.
 */
const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/real-docs');
const SVG = fs.readFileSync(path.join(FIXTURE, 'fastify-docs/resources/encapsulation_context.svg'));
const PNG = fs.readFileSync(npmFixture('postman-to-markdown@1.6.0', 'resources/export.png'));
const JPG = fs.readFileSync(npmFixture('highlight.js@11.12.0', 'styles/pojoaque.jpg'));

let t: TestServer;
let owner: Awaited<ReturnType<typeof buildUser>>;
beforeAll(async () => {
  t = await startTestServer({ env: { MAX_REQUEST_MB: '16' } });
  owner = await buildUser(t);
});
afterAll(() => t.close());

async function wordOf(itemId: number): Promise<JSZip> {
  const res = await t.fetch('/api/export/word', {
    method: 'POST',
    headers: { 'X-API-Token': owner.token, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: `item_id=${itemId}`,
  });
  expect(res.status).toBe(200);
  return JSZip.loadAsync(Buffer.from(await res.arrayBuffer()));
}

/** The media parts and, for each `r:embed` of a drawing in the body, the part its relationship names. */
async function drawings(zip: JSZip): Promise<{ media: Map<string, Buffer>; embedded: string[]; xml: string }> {
  const media = new Map<string, Buffer>();
  for (const name of Object.keys(zip.files).filter((n) => n.startsWith('word/media/'))) media.set(name, Buffer.from(await zip.file(name)!.async('uint8array')));
  const xml = await zip.file('word/document.xml')!.async('string');
  const rels = await zip.file('word/_rels/document.xml.rels')!.async('string');
  const { window } = new JSDOM('');
  for (const part of [xml, rels]) expect(new window.DOMParser().parseFromString(part, 'application/xml').getElementsByTagName('parsererror')).toHaveLength(0);
  const target = new Map([...rels.matchAll(/<Relationship [^>]*Id="([^"]+)"[^>]*Target="([^"]+)"/g)].map((m) => [m[1]!, `word/${m[2]!}`]));
  const embeds = [...xml.matchAll(/<w:drawing>[\s\S]*?<\/w:drawing>/g)].flatMap((d) =>
    [...d[0].matchAll(/r:embed="([^"]+)"/g)].map((m) => target.get(m[1]!) ?? `missing ${m[1]}`),
  );
  return { media, embedded: embeds, xml };
}

describe('export/word images', () => {
  it('embeds an attachment PNG, a data-URI JPEG, an HTML <img> and an image in a table cell, each drawn from a media part', async () => {
    const { item_id } = await buildItem(t, owner, { item_name: 'Pictures' });
    const pageId = await buildPage(t, item_id, { page_title: 'Shots', page_content: 'x' });
    const up = await uploadFile(t, 'page/uploadImg', { token: owner.token, filename: 'export.png', bytes: PNG, params: { page_id: pageId } });
    expect(up.body.url).toBeTruthy();
    const dataUri = `data:image/jpeg;base64,${JPG.toString('base64')}`;
    await t.services
      .db('pages')
      .where({ page_id: pageId })
      .update({
        page_content: `![screenshot](${up.body.url})\n\nTexture: ![texture](${dataUri})\n\n<img src="${up.body.url}" alt="again"> and ![remote](https://example.com/x.png)\n\n| Step | Screen |\n| --- | --- |\n| Export | ![in a cell](${up.body.url}) |\n`,
      });
    const { media, embedded, xml } = await drawings(await wordOf(item_id));
    // The PNG once (used twice), the JPEG once.
    expect([...media.values()].map((b) => b.length).sort()).toEqual([JPG.length, PNG.length].sort());
    expect([...media.values()].some((b) => b.equals(PNG))).toBe(true);
    expect([...media.values()].some((b) => b.equals(JPG))).toBe(true);
    expect(embedded).toHaveLength(4);
    expect(xml).toMatch(/<w:tc>(?:(?!<\/w:tc>)[\s\S])*<w:drawing>/);
    for (const part of embedded) expect(media.has(part), part).toBe(true);
    expect(xml).not.toContain('[screenshot]');
    expect(xml).not.toContain('[texture]');
    expect(xml).not.toContain('[in a cell]');
    // Remote images are never fetched (SSRF): their alt text stands in.
    expect(xml).toContain('[remote]');
  });

  it("embeds an SVG with a PNG fallback: the imported Markdown folder's figure", async () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'word-svg-'));
    fs.cpSync(FIXTURE, path.join(work, 'real-docs'), { recursive: true });
    execFileSync('zip', ['-qr', 'real-docs.zip', 'real-docs'], { cwd: work });
    const r = await uploadFile(t, 'import/auto', {
      token: owner.token,
      filename: 'real-docs.zip',
      bytes: fs.readFileSync(path.join(work, 'real-docs.zip')),
      params: { password: '' },
    });
    expect(r.body.error_code, r.body.error_message).toBe(0);
    const { media, embedded, xml } = await drawings(await wordOf(Number(r.body.data.item_id)));
    const svg = [...media].find(([, b]) => b.equals(SVG));
    expect(svg).toBeTruthy();
    const png = [...media].find(([name]) => name.endsWith('.png'));
    expect(png![1].subarray(1, 4).toString()).toBe('PNG');
    // The drawing names the PNG (blip) and the SVG (its svgBlip extension).
    expect(embedded.sort()).toEqual([png![0], svg![0]].sort());
    expect(xml).toContain('asvg:svgBlip');
    expect(xml).not.toContain('[Figure 1]');
    const types = await (await wordOf(Number(r.body.data.item_id))).file('[Content_Types].xml')!.async('string');
    expect(types).toMatch(/Extension="svg"/);
  });
});
