import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiDocToMarkdown, emptyApiDoc } from '../../core/apiDoc.ts';
import { MOBILE, makeItem, makeUser, patientPage, screenshot, startE2E, type E2E } from './helpers.ts';

/**
 * The HTTP test tool against a real local echo server with CORS: the browser sends the API page's
 * request straight to it (no Folio proxy), with {{variables}} from a per-item environment.
 */
// Many steps per test on a shared, busy machine.
vi.setConfig({ testTimeout: 180_000 });
let e: E2E;

const openPage = (opts: Parameters<E2E['newPage']>[0] = {}) => patientPage(e, opts);
let echo: http.Server;
let echoUrl = '';
const seen: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  echo = http.createServer((req, res) => {
    const cors = {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Headers': '*',
      'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE',
      'Access-Control-Expose-Headers': 'X-Echo-Count',
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors).end();
      return;
    }
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      res.writeHead(201, { ...cors, 'Content-Type': 'application/json', 'X-Echo-Count': String(seen.length) });
      res.end(JSON.stringify({ method: req.method, url: req.url, token: req.headers['x-token'] ?? null, received: body ? JSON.parse(body) : null }));
    });
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
  e = await startE2E();
}, 180_000);
afterAll(async () => {
  await e?.close();
  await new Promise((resolve) => echo?.close(resolve));
});

/** An API page as the importers write it, pointing at {{baseUrl}} with a {{token}} header. */
function apiPage(lang: 'en' | 'zh'): string {
  const doc = emptyApiDoc();
  doc.info = { ...doc.info, title: 'Create thing', description: 'Creates a thing', method: 'post', url: '{{baseUrl}}/things' };
  doc.request.headers = [{ name: 'X-Token', require: '1', type: 'string', value: '{{token}}', remark: 'caller token' }];
  doc.request.params = { ...doc.request.params, mode: 'json', json: '{"name":"widget","size":3}' };
  return apiDocToMarkdown(doc, lang);
}

async function itemWithApiPage(lang: 'en' | 'zh') {
  const owner = await makeUser(e.t);
  const item = await makeItem(e.t, owner.token);
  const saved = await e.t.call(
    'page/save',
    { item_id: item.item_id, page_title: 'Create thing', page_content: apiPage(lang), cat_id: 0 },
    { token: owner.token },
  );
  expect(saved.error_code, saved.error_message).toBe(0);
  return { owner, item, pageId: Number(saved.data.page_id) };
}

describe('HTTP test tool', () => {
  it('sends the page request from the browser with environment variables and shows status, headers, time and body', async () => {
    const { owner, item, pageId } = await itemWithApiPage('en');
    const page = await openPage({ token: owner.token });
    await page.goto(`/${item.item_id}?page_id=${pageId}`);
    await page.getByRole('button', { name: 'Test this API' }).click();
    const dialog = page.getByRole('dialog', { name: 'HTTP test' });
    expect(await dialog.getByRole('textbox', { name: 'URL' }).inputValue()).toBe('{{baseUrl}}/things');
    expect(await dialog.getByRole('textbox', { name: 'Headers (one Name: value per line)' }).inputValue()).toContain('X-Token: {{token}}');
    expect(JSON.parse(await dialog.getByRole('textbox', { name: 'Body' }).inputValue())).toEqual({ name: 'widget', size: 3 });

    await dialog.getByRole('textbox', { name: 'New environment name' }).fill('local');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Variables of local (one name=value per line)' }).fill(`baseUrl=${echoUrl}\ntoken=secret-42`);
    await dialog.getByRole('button', { name: 'Send' }).click();

    await dialog.getByLabel('Status').filter({ hasText: '201' }).waitFor();
    await dialog.getByText(/\d+ ms/).waitFor();
    const body = await dialog.getByLabel('Response body').innerText();
    expect(JSON.parse(body)).toEqual({ method: 'POST', url: '/things', token: 'secret-42', received: { name: 'widget', size: 3 } });
    // pretty-printed, not one line
    expect(body.split('\n').length).toBeGreaterThan(3);
    await dialog.getByText(/response headers/).click();
    await dialog.getByText('x-echo-count').waitFor();
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/things' });
    expect(seen.at(-1)!.headers['content-type']).toBe('application/json');
    // the reader's Folio session never travels to the API
    expect(seen.at(-1)!.headers.cookie).toBeUndefined();
    await screenshot(page, 'http-test-en-1440');

    // The environment is remembered for this item in this browser.
    await page.reload();
    await page.getByRole('button', { name: 'Test this API' }).click();
    await page.getByRole('dialog', { name: 'HTTP test' }).getByRole('textbox', { name: 'Variables of local (one name=value per line)' }).waitFor();
  });

  it('explains CORS when the API cannot be reached from the browser', async () => {
    const { owner, item, pageId } = await itemWithApiPage('en');
    const page = await openPage({ token: owner.token });
    await page.goto(`/${item.item_id}?page_id=${pageId}`);
    await page.getByRole('button', { name: 'Test this API' }).click();
    const dialog = page.getByRole('dialog', { name: 'HTTP test' });
    // a port nothing listens on
    await dialog.getByRole('textbox', { name: 'URL' }).fill('http://127.0.0.1:9/things');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByRole('alert').getByText('The request failed:').waitFor();
    await dialog.getByText(/allow this site by CORS/).waitFor();
  });

  it('works in Chinese on a phone, from a Chinese API page', async () => {
    const { owner, item, pageId } = await itemWithApiPage('zh');
    const page = await openPage({ token: owner.token, lang: 'zh', viewport: MOBILE });
    await page.goto(`/${item.item_id}?page_id=${pageId}`);
    await page.getByRole('button', { name: '测试此接口' }).click();
    const dialog = page.getByRole('dialog', { name: 'HTTP 测试' });
    await dialog.getByRole('textbox', { name: 'URL' }).fill(`${echoUrl}/things`);
    await dialog.getByRole('textbox', { name: '请求头（每行一个 Name: value）' }).fill('X-Token: zh-token');
    await dialog.getByRole('button', { name: '发送' }).click();
    await dialog.getByLabel('状态').filter({ hasText: '201' }).waitFor();
    expect(JSON.parse(await dialog.getByLabel('响应体').innerText())).toMatchObject({ token: 'zh-token', received: { name: 'widget' } });
    await screenshot(page, 'http-test-zh-390');
  });

  it('opens from the editor with the request of the text being written', async () => {
    const { owner, item, pageId } = await itemWithApiPage('en');
    const page = await openPage({ token: owner.token });
    await page.goto(`/page/edit/${item.item_id}/${pageId}`);
    await page.getByRole('button', { name: 'HTTP test tool' }).click();
    const dialog = page.getByRole('dialog', { name: 'HTTP test' });
    expect(await dialog.getByRole('textbox', { name: 'URL' }).inputValue()).toBe('{{baseUrl}}/things');
    await screenshot(page, 'http-test-editor-en-1440');
  });
});
