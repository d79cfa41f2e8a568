import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDeliveries, deliverDueWebhooks } from '../../server/commands/webhooks/deliver.ts';
import { enqueueWebhookEvent } from '../../server/commands/webhooks/events.ts';
import { inTransaction, type Services } from '../../server/services.ts';
import { uploadFile } from '../helpers/files.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver.ts';
import { npmFixture } from '../helpers/npmFixtures.ts';
import { addMember, buildItem, buildUser, type User } from '../helpers/factories.ts';

/**
 * Webhooks end to end over real HTTP: Folio (started with WEBHOOK_ALLOW_PRIVATE=true so it may
 * reach the receiver on 127.0.0.1) posts to a local receiver, which checks what arrived byte for
 * byte. The SSRF guard with the setting off is in webhook-ssrf.test.ts.
 */
let t: TestServer;
let rx: WebhookReceiver;
let owner: User;
let manager: User;
let editor: User;
beforeAll(async () => {
  t = await startTestServer({ env: { WEBHOOK_ALLOW_PRIVATE: 'true', SITE_URL: 'https://docs.example.com' } });
  rx = await startWebhookReceiver();
  owner = await buildUser(t);
  manager = await buildUser(t);
  editor = await buildUser(t);
});
afterAll(async () => {
  await rx.close();
  await t.close();
});

const verify = (secret: string, raw: Buffer, header: unknown) => {
  const expected = `sha256=${crypto.createHmac('sha256', secret).update(raw).digest('hex')}`;
  return typeof header === 'string' && header.length === expected.length && crypto.timingSafeEqual(Buffer.from(header), Buffer.from(expected));
};

async function hookFor(itemId: number, pathName: string, extra: Record<string, unknown> = {}, user: User = owner) {
  const r = await t.call('webhook/save', { item_id: itemId, url: `${rx.url}${pathName}`, ...extra }, { token: user.token });
  expect(r.error_code, r.error_message).toBe(0);
  return r.data as { id: number; secret: string; format: string; events: string[] };
}

/** The services with the clock moved on, so deliveries waiting for a retry are due. */
const later = (seconds: number): Services => ({ ...t.services, now: () => t.services.now() + seconds });

describe('webhook/save, list, delete: rights and validation', () => {
  it('lets the owner and a manager configure webhooks and refuses an editor (10313)', async () => {
    const item = await buildItem(t, owner);
    await addMember(t, item.item_id, manager, 2);
    await addMember(t, item.item_id, editor, 1);
    const created = await hookFor(item.item_id, '/rights', {}, manager);
    expect(created.secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    expect(created.format).toBe('json');
    expect(created.events).toEqual(['page.created', 'page.updated', 'page.deleted', 'api.changed', 'item.imported', 'comment.created', 'comment.resolved']);
    for (const [name, params] of [
      ['webhook/list', { item_id: item.item_id }],
      ['webhook/save', { item_id: item.item_id, url: `${rx.url}/x` }],
      ['webhook/delete', { item_id: item.item_id, id: created.id }],
      ['webhook/test', { item_id: item.item_id, id: created.id }],
    ] as const) {
      const r = await t.call(name, params, { token: editor.token });
      expect(r.error_code, name).toBe(10313);
    }
    const list = await t.call('webhook/list', { item_id: item.item_id }, { token: owner.token });
    expect(list.data).toMatchObject([{ id: created.id, url: `${rx.url}/rights`, secret: created.secret, enabled: true, deliveries: [] }]);
    expect((await t.call('webhook/delete', { item_id: item.item_id, id: created.id }, { token: manager.token })).error_code).toBe(0);
    expect((await t.call('webhook/list', { item_id: item.item_id }, { token: owner.token })).data).toEqual([]);
  });

  it('does not reach another item’s webhook through its own item id', async () => {
    const mine = await buildItem(t, owner);
    const theirs = await buildItem(t, manager);
    const hook = await hookFor(theirs.item_id, '/theirs', {}, manager);
    const r = await t.call('webhook/delete', { item_id: mine.item_id, id: hook.id }, { token: owner.token });
    expect(r.error_code).toBe(10101);
    expect(await t.services.db('webhooks').where({ id: hook.id }).first()).toBeTruthy();
  });

  it('names the field of bad input', async () => {
    const item = await buildItem(t, owner);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ url: 'ftp://example.com/hook' }, /^url: must be an http:\/\/ or https:\/\/ URL/],
      [{ url: 'not a url' }, /^url: is not a valid URL/],
      [{ url: 'https://example.com/', events: 'page.created,page.moved' }, /^events/],
      [{ url: 'https://example.com/', events: '[]' }, /^events: choose at least one event/],
      [{ url: 'https://example.com/', format: 'teams' }, /^format/],
    ];
    for (const [params, message] of cases) {
      const r = await t.call('webhook/save', { item_id: item.item_id, ...params }, { token: owner.token });
      expect(r.error_code, JSON.stringify(params)).toBe(10100);
      expect(r.error_message).toMatch(message);
    }
  });

  it('detects the chat preset from the bot URL’s host, keeps an explicit choice, rotates the secret on demand', async () => {
    const item = await buildItem(t, owner);
    const bots: [string, string][] = [
      ['https://hooks.slack.com/services/T000/B000/XXXX', 'slack'],
      ['https://open.feishu.cn/open-apis/bot/v2/hook/0b1c', 'feishu'],
      ['https://open.larksuite.com/open-apis/bot/v2/hook/0b1c', 'feishu'],
      ['https://oapi.dingtalk.com/robot/send?access_token=abc', 'dingtalk'],
      ['https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=693a', 'wecom'],
      ['https://ci.example.com/folio', 'json'],
    ];
    for (const [url, format] of bots) {
      const r = await t.call('webhook/save', { item_id: item.item_id, url, enabled: 0 }, { token: owner.token });
      expect(r.data?.format, url).toBe(format);
    }
    const chosen = await t.call(
      'webhook/save',
      { item_id: item.item_id, url: 'https://chat.example.com/hook', format: 'dingtalk', events: '["page.created"]', lang: 'zh' },
      { token: owner.token },
    );
    expect(chosen.data).toMatchObject({ format: 'dingtalk', events: ['page.created'], lang: 'zh' });
    const same = await t.call(
      'webhook/save',
      { item_id: item.item_id, id: chosen.data.id, url: 'https://chat.example.com/hook', format: 'dingtalk' },
      { token: owner.token },
    );
    expect(same.data.secret).toBe(chosen.data.secret);
    const rotated = await t.call(
      'webhook/save',
      { item_id: item.item_id, id: chosen.data.id, url: 'https://chat.example.com/hook', format: 'dingtalk', rotate_secret: 1 },
      { token: owner.token },
    );
    expect(rotated.data.secret).not.toBe(chosen.data.secret);
  });
});

describe('deliveries', () => {
  it('webhook/test posts a signed JSON body the receiver verifies over the raw bytes', async () => {
    const item = await buildItem(t, owner, { item_name: 'Signed' });
    const hook = await hookFor(item.item_id, '/signed');
    const r = await t.call('webhook/test', { item_id: item.item_id, id: hook.id }, { token: owner.token });
    expect(r.error_code, r.error_message).toBe(0);
    expect(r.data).toMatchObject({ event: 'webhook.test', status: 'succeeded', attempts: 1, response_status: 200, last_error: '' });
    expect(r.data.latency_ms).toBeGreaterThanOrEqual(0);
    const [got] = rx.at('/signed');
    expect(got).toBeDefined();
    expect(got!.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(got!.headers['x-folio-event']).toBe('webhook.test');
    expect(got!.headers['x-folio-delivery']).toBe(String(r.data.id));
    expect(verify(hook.secret, got!.raw, got!.headers['x-folio-signature'])).toBe(true);
    expect(verify('whsec_wrong', got!.raw, got!.headers['x-folio-signature'])).toBe(false);
    expect(got!.json).toMatchObject({
      delivery_id: r.data.id,
      event: 'webhook.test',
      item: { item_id: item.item_id, item_name: 'Signed' },
      actor: { uid: owner.uid, username: owner.username },
    });
    // The delivery log of the settings screen shows it.
    const list = await t.call('webhook/list', { item_id: item.item_id }, { token: owner.token });
    expect(list.data[0].deliveries).toMatchObject([{ id: r.data.id, status: 'succeeded', response_status: 200 }]);
  });

  it('announces page created, updated and deleted, each in the transaction of the change', async () => {
    const item = await buildItem(t, owner, { item_name: 'Events' });
    const hook = await hookFor(item.item_id, '/pages');
    const created = await t.call('page/save', { item_id: item.item_id, page_title: 'Auth', page_content: 'v1' }, { token: owner.token });
    expect(created.error_code, created.error_message).toBe(0);
    const pageId = created.data.page_id;
    expect(
      (await t.call('page/save', { item_id: item.item_id, page_id: pageId, page_title: 'Auth flow', page_content: 'v2' }, { token: owner.token })).error_code,
    ).toBe(0);
    expect((await t.call('page/delete', { page_id: pageId }, { token: owner.token })).error_code).toBe(0);
    // A refused change queues nothing: saving into a catalog of another item rolls back.
    expect(
      (await t.call('page/save', { item_id: item.item_id, page_title: 'x', page_content: 'y', cat_id: 999999 }, { token: owner.token })).error_code,
    ).not.toBe(0);
    expect((await t.services.db('webhook_deliveries').where({ webhook_id: hook.id })).map((d) => d.event)).toEqual([
      'page.created',
      'page.updated',
      'page.deleted',
    ]);

    await deliverDueWebhooks(t.services);
    const got = rx.at('/pages');
    expect(got.map((g) => g.json.event)).toEqual(['page.created', 'page.updated', 'page.deleted']);
    expect(got.map((g) => g.json.data)).toEqual([
      { page_id: pageId, page_title: 'Auth' },
      { page_id: pageId, page_title: 'Auth flow' },
      { page_id: pageId, page_title: 'Auth flow' },
    ]);
    expect(got[0]!.json.url).toBe(`https://docs.example.com/page/${pageId}`);
    for (const g of got) expect(verify(hook.secret, g.raw, g.headers['x-folio-signature'])).toBe(true);
    expect((await t.services.db('webhook_deliveries').where({ webhook_id: hook.id })).map((d) => d.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
  });

  it('sends only the events a webhook subscribes to, and nothing when it is disabled', async () => {
    const item = await buildItem(t, owner);
    await hookFor(item.item_id, '/only-deleted', { events: 'page.deleted' });
    await hookFor(item.item_id, '/disabled', { enabled: 0 });
    const created = await t.call('page/save', { item_id: item.item_id, page_title: 'A', page_content: 'a' }, { token: owner.token });
    await t.call('page/delete', { page_id: created.data.page_id }, { token: owner.token });
    await deliverDueWebhooks(t.services);
    expect(rx.at('/only-deleted').map((g) => g.json.event)).toEqual(['page.deleted']);
    expect(rx.at('/disabled')).toEqual([]);
  });

  it('announces an import into an item as one item.imported event, not one per page', async () => {
    const item = await buildItem(t, owner, { item_name: 'Petstore' });
    const hook = await hookFor(item.item_id, '/import', { events: 'item.imported,page.created' });
    const spec = fs.readFileSync(npmFixture('@readme/oas-examples@8.2.2', '3.0/json/petstore.json'));
    const r = await uploadFile(t, 'import/auto', { token: owner.token, filename: 'petstore.json', bytes: spec, params: { item_id: item.item_id } });
    expect(r.body.error_code, r.body.error_message).toBe(0);
    const pages = await t.services.db('pages').where({ item_id: item.item_id, is_del: 0 }).count({ n: '*' }).first();
    const again = await uploadFile(t, 'import/auto', { token: owner.token, filename: 'petstore.json', bytes: spec, params: { item_id: item.item_id } });
    expect(again.body.error_code).toBe(0);
    await deliverDueWebhooks(t.services);
    const got = rx.at('/import');
    expect(got.map((g) => g.json.event)).toEqual(['item.imported', 'item.imported']);
    const total = Number((pages as { n: number | string }).n);
    expect(total).toBeGreaterThan(5);
    expect(got[0]!.json.data).toEqual({ source: 'petstore.json', created: total, updated: 0, unchanged: 0, catalogs: expect.any(Number) });
    expect(got[1]!.json.data).toMatchObject({ source: 'petstore.json', created: 0, unchanged: total });
    expect(got[0]!.json.actor).toEqual({ uid: owner.uid, username: owner.username });
    expect(verify(hook.secret, got[0]!.raw, got[0]!.headers['x-folio-signature'])).toBe(true);
  });

  it('retries a delivery answered 500 with backoff, then records the 200', async () => {
    const item = await buildItem(t, owner);
    const hook = await hookFor(item.item_id, '/flaky', { events: 'page.created' });
    rx.answer('/flaky', { status: 500, body: 'database down' });
    await t.call('page/save', { item_id: item.item_id, page_title: 'Retry me', page_content: 'x' }, { token: owner.token });
    await deliverDueWebhooks(t.services);
    const row = () => t.services.db('webhook_deliveries').where({ webhook_id: hook.id }).first();
    const first = await row();
    expect(first).toMatchObject({ status: 'retrying', attempts: 1, response_status: 500, last_error: 'HTTP 500: database down', claimed_until: 0 });
    expect(Number(first.next_attempt_at)).toBeGreaterThanOrEqual(t.services.now() + 50);
    // Not due yet: nothing is posted again.
    await deliverDueWebhooks(t.services);
    expect(rx.at('/flaky')).toHaveLength(1);
    await deliverDueWebhooks(later(61));
    const got = rx.at('/flaky');
    expect(got).toHaveLength(2);
    expect(got[1]!.raw.equals(got[0]!.raw)).toBe(true); // the same bytes, the same signature
    expect(got[1]!.headers['x-folio-delivery']).toBe(got[0]!.headers['x-folio-delivery']);
    expect(await row()).toMatchObject({ status: 'succeeded', attempts: 2, response_status: 200, last_error: '' });
  });

  it('doubles the wait after each failure and gives up after the last attempt', async () => {
    const item = await buildItem(t, owner);
    const hook = await hookFor(item.item_id, '/down', { events: 'page.created' });
    rx.answer('/down', ...Array.from({ length: 8 }, () => ({ status: 503 })));
    await t.call('page/save', { item_id: item.item_id, page_title: 'Down', page_content: 'x' }, { token: owner.token });
    const waits: number[] = [];
    let clock = 0;
    for (let attempt = 1; attempt <= 8; attempt++) {
      await deliverDueWebhooks(later(clock));
      const d = await t.services.db('webhook_deliveries').where({ webhook_id: hook.id }).first();
      expect(d.attempts).toBe(attempt);
      if (attempt < 8) {
        expect(d.status).toBe('retrying');
        waits.push(Number(d.next_attempt_at) - (t.services.now() + clock));
        clock = Number(d.next_attempt_at) - t.services.now();
      } else expect(d).toMatchObject({ status: 'failed', response_status: 503 });
    }
    // 1, 2, 4 … minutes (a second may tick between the write and the read).
    waits.forEach((w, i) => expect(Math.abs(w - 60 * 2 ** i)).toBeLessThanOrEqual(2));
    expect(rx.at('/down')).toHaveLength(8);
  });

  it('gives up on an answer that trickles in past the time limit (a socket that never idles), and frees the queue', async () => {
    // Headers at once, then one byte every 100 ms forever: an idle timeout alone never fires.
    const slow = http.createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      const drip = setInterval(() => res.write('.'), 100);
      res.on('close', () => clearInterval(drip));
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const item = await buildItem(t, owner);
      const hook = await hookFor(item.item_id, '', { url: `http://127.0.0.1:${(slow.address() as { port: number }).port}/slow`, events: 'page.created' });
      await t.call('page/save', { item_id: item.item_id, page_title: 'Slow', page_content: 'x' }, { token: owner.token });
      const started = Date.now();
      await deliverDueWebhooks(t.services, { timeoutMs: 1000 });
      expect(Date.now() - started).toBeLessThan(5000);
      const d = await t.services.db('webhook_deliveries').where({ webhook_id: hook.id }).first();
      expect(d).toMatchObject({ status: 'retrying', attempts: 1, claimed_until: 0 });
      expect(d.last_error).toMatch(/no complete answer within 1 s/);
    } finally {
      slow.closeAllConnections();
      await new Promise((resolve) => slow.close(resolve));
    }
  }, 20_000);

  it('never follows a redirect', async () => {
    const item = await buildItem(t, owner);
    await hookFor(item.item_id, '/moved', { events: 'page.created' });
    rx.answer('/moved', { status: 302, headers: { Location: `${rx.url}/elsewhere` } });
    await t.call('page/save', { item_id: item.item_id, page_title: 'Moved', page_content: 'x' }, { token: owner.token });
    await deliverDueWebhooks(t.services);
    expect(rx.at('/elsewhere')).toEqual([]);
    const d = await t.services.db('webhook_deliveries').where({ item_id: item.item_id }).first();
    expect(d).toMatchObject({ status: 'retrying', response_status: 302 });
    expect(d.last_error).toMatch(/redirects are not followed/);
  });

  it('posts each chat preset’s message format with a readable summary, and counts a bot’s error code as a failure', async () => {
    const item = await buildItem(t, owner, { item_name: 'Chat' });
    for (const format of ['slack', 'feishu', 'dingtalk', 'wecom'] as const) await hookFor(item.item_id, `/chat/${format}`, { format, events: 'page.created' });
    await hookFor(item.item_id, '/chat/zh', { format: 'wecom', lang: 'zh', events: 'page.created' });
    rx.answer('/chat/dingtalk', { status: 200, body: JSON.stringify({ errcode: 310000, errmsg: 'keywords not in content' }) });
    const page = await t.call('page/save', { item_id: item.item_id, page_title: 'Rate limits', page_content: 'x' }, { token: owner.token });
    await deliverDueWebhooks(t.services);
    const text = `[Chat] ${owner.username} created page “Rate limits”\nhttps://docs.example.com/page/${page.data.page_id}`;
    expect(rx.at('/chat/slack')[0]!.json).toEqual({ text });
    expect(rx.at('/chat/feishu')[0]!.json).toEqual({ msg_type: 'text', content: { text } });
    expect(rx.at('/chat/dingtalk')[0]!.json).toEqual({ msgtype: 'text', text: { content: text } });
    expect(rx.at('/chat/wecom')[0]!.json).toEqual({ msgtype: 'text', text: { content: text } });
    expect(rx.at('/chat/zh')[0]!.json.text.content).toBe(
      `[Chat] ${owner.username} 新建了页面「Rate limits」\nhttps://docs.example.com/page/${page.data.page_id}`,
    );
    const ding = await t.services
      .db('webhook_deliveries')
      .join('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
      .where('webhooks.format', 'dingtalk')
      .andWhere('webhooks.item_id', item.item_id)
      .first('webhook_deliveries.*');
    expect(ding).toMatchObject({ status: 'retrying', response_status: 200, last_error: 'the bot refused the message: 310000 keywords not in content' });
  });

  it('signs each message for DingTalk and Feishu/Lark bots that have a signing secret, with the time it is posted', async () => {
    const item = await buildItem(t, owner, { item_name: 'Signed' });
    const dingSecret = `SEC${'4f'.repeat(32)}`;
    const feishuSecret = 'feishu-bot-secret-1';
    const ding = await hookFor(item.item_id, '/signed/ding?access_token=abc', { format: 'dingtalk', events: 'page.created', bot_secret: dingSecret });
    const feishu = await hookFor(item.item_id, '/signed/feishu', { format: 'feishu', events: 'page.created', bot_secret: feishuSecret });
    // Managers see that a bot secret is set, never the secret.
    const listed = await t.call('webhook/list', { item_id: item.item_id }, { token: owner.token });
    expect(listed.data.map((h: { bot_signing: boolean }) => h.bot_signing)).toEqual([true, true]);
    expect(JSON.stringify(listed.data)).not.toContain(dingSecret);
    expect(JSON.stringify(listed.data)).not.toContain(feishuSecret);

    const before = Date.now();
    await t.call('page/save', { item_id: item.item_id, page_title: 'Signed page', page_content: 'x' }, { token: owner.token });
    await deliverDueWebhooks(t.services);
    const after = Date.now();

    // DingTalk (加签): timestamp in ms and sign = Base64(HMAC-SHA256(secret, timestamp + "\n" + secret)), URL-encoded, beside the access token.
    const [dingPost] = rx.received.filter((r) => r.path.startsWith('/signed/ding?'));
    const query = new URL(dingPost!.path, 'http://receiver').searchParams;
    expect(query.get('access_token')).toBe('abc');
    const ms = Number(query.get('timestamp'));
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(after);
    const dingSign = crypto.createHmac('sha256', dingSecret).update(`${ms}\n${dingSecret}`).digest('base64');
    expect(query.get('sign')).toBe(dingSign);
    expect(dingPost!.path).toContain(`sign=${encodeURIComponent(dingSign)}`);
    expect(verify(ding.secret, dingPost!.raw, dingPost!.headers['x-folio-signature'])).toBe(true);

    // Feishu/Lark (签名校验): timestamp in seconds and sign = Base64(HMAC-SHA256(key = timestamp + "\n" + secret, empty message)) in the body.
    const [feishuPost] = rx.at('/signed/feishu');
    const body = feishuPost!.json as { timestamp: string; sign: string; msg_type: string; content: { text: string } };
    expect(Number(body.timestamp)).toBeGreaterThanOrEqual(Math.floor(before / 1000));
    expect(Number(body.timestamp)).toBeLessThanOrEqual(Math.ceil(after / 1000));
    expect(body.sign).toBe(crypto.createHmac('sha256', `${body.timestamp}\n${feishuSecret}`).update('').digest('base64'));
    expect(body).toMatchObject({ msg_type: 'text', content: { text: expect.stringContaining('Signed page') } });
    expect(verify(feishu.secret, feishuPost!.raw, feishuPost!.headers['x-folio-signature'])).toBe(true);

    // An edit without the field keeps the secret, '' removes it, a format that cannot sign drops it and refuses one.
    const save = (extra: Record<string, unknown>) =>
      t.call(
        'webhook/save',
        { item_id: item.item_id, id: ding.id, url: `${rx.url}/signed/ding?access_token=abc`, events: 'page.created', ...extra },
        { token: owner.token },
      );
    expect((await save({ format: 'dingtalk', lang: 'zh' })).data.bot_signing).toBe(true);
    expect((await save({ format: 'dingtalk', bot_secret: '' })).data.bot_signing).toBe(false);
    expect((await save({ format: 'dingtalk', bot_secret: dingSecret })).data.bot_signing).toBe(true);
    expect((await save({ format: 'slack' })).data.bot_signing).toBe(false);
    const refused = await save({ format: 'json', bot_secret: dingSecret });
    expect(refused.error_code).toBe(10100);
    expect(refused.error_message).toMatch(/^bot_secret: /);
  });

  it('announces api.changed when an import records a new API version, and nothing when the API is unchanged', async () => {
    const item = await buildItem(t, owner, { item_name: 'Petstore versions' });
    await hookFor(item.item_id, '/versions', { events: 'api.changed' });
    const v1 = JSON.parse(fs.readFileSync(npmFixture('@readme/oas-examples@8.2.2', '3.0/json/petstore.json'), 'utf8')) as { paths: Record<string, unknown> };
    const removedPath = Object.keys(v1.paths)[0]!;
    const v2 = { ...v1, paths: Object.fromEntries(Object.entries(v1.paths).filter(([p]) => p !== removedPath)) };
    for (const [name, doc] of [
      ['petstore-v1.json', v1],
      ['petstore-v1.json', v1],
      ['petstore-v2.json', v2],
    ] as const) {
      const r = await uploadFile(t, 'import/auto', {
        token: owner.token,
        filename: name,
        bytes: Buffer.from(JSON.stringify(doc)),
        params: { item_id: item.item_id },
      });
      expect(r.body.error_code, r.body.error_message).toBe(0);
    }
    await deliverDueWebhooks(t.services);
    const got = rx.at('/versions').map(
      (g) =>
        g.json as {
          event: string;
          data: { number: number; source: string; summary: Record<string, number>; operations: { path: string; change: string }[] };
        },
    );
    // The identical re-import records no version and announces nothing.
    expect(got.map((g) => [g.event, g.data.number, g.data.source])).toEqual([
      ['api.changed', 1, 'petstore-v1.json'],
      ['api.changed', 2, 'petstore-v2.json'],
    ]);
    const removedOps = Object.keys(v1.paths[removedPath] as object).filter((k) =>
      ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'].includes(k),
    ).length;
    expect(got[1]!.data.summary).toMatchObject({ added: 0, removed: removedOps, changed: 0 });
    expect(got[1]!.data.operations.every((o) => o.path === removedPath && o.change === 'removed')).toBe(true);
  });

  it('announces api.changed through the function the API-version recorder calls, with its summary in chat', async () => {
    const item = await buildItem(t, owner, { item_name: 'Payments API' });
    const json = await hookFor(item.item_id, '/api/json', { events: 'api.changed' });
    await hookFor(item.item_id, '/api/slack', { events: 'api.changed', format: 'slack' });
    await hookFor(item.item_id, '/api/pages-only', { events: 'page.created' });
    const data = {
      version_id: 7,
      source: 'openapi.yaml',
      summary: { added: 2, removed: 1, changed: 3, breaking: 2 },
      operations: [
        { method: 'delete', path: '/charges/{id}', change: 'removed', breaking: true, reasons: ['operation removed'] },
        { method: 'post', path: '/charges', change: 'changed', breaking: true, reasons: ['requestBody.required: amount added'] },
        { method: 'get', path: '/refunds', change: 'added', breaking: false, reasons: [] },
      ],
    };
    // In the transaction that records the version: a rollback takes the deliveries with it.
    await expect(
      inTransaction(t.services, async (tx) => {
        await enqueueWebhookEvent(tx, item.item_id, 'api.changed', data, { uid: owner.uid, username: owner.username });
        throw new Error('version not stored');
      }),
    ).rejects.toThrow('version not stored');
    expect(await t.services.db('webhook_deliveries').where({ item_id: item.item_id })).toEqual([]);
    const queued = await inTransaction(t.services, (tx) =>
      enqueueWebhookEvent(tx, item.item_id, 'api.changed', data, { uid: owner.uid, username: owner.username }),
    );
    expect(queued).toBe(2);
    await deliverDueWebhooks(t.services);
    const [got] = rx.at('/api/json');
    expect(got!.json).toMatchObject({
      event: 'api.changed',
      item: { item_id: item.item_id, item_name: 'Payments API' },
      data,
      url: `https://docs.example.com/changelog/${item.item_id}?version=7`,
    });
    expect(verify(json.secret, got!.raw, got!.headers['x-folio-signature'])).toBe(true);
    expect(rx.at('/api/slack')[0]!.json.text).toBe(
      [
        `[Payments API] API changed (version 7, openapi.yaml): 2 added, 1 removed, 3 changed, 2 breaking — by ${owner.username}`,
        'Breaking: DELETE /charges/{id}',
        'Breaking: POST /charges',
        `https://docs.example.com/changelog/${item.item_id}?version=7`,
      ].join('\n'),
    );
    expect(rx.at('/api/pages-only')).toEqual([]);
  });

  it('names an API change by the version number of its item (not the database id) and links chat to that version in the changelog', async () => {
    const spec = fs.readFileSync(npmFixture('@readme/oas-examples@8.2.2', '3.0/json/petstore.json'));
    // Another item's version first, so this item's version 1 has a different database id.
    const other = await buildItem(t, owner);
    expect(
      (await uploadFile(t, 'import/auto', { token: owner.token, filename: 'petstore.json', bytes: spec, params: { item_id: other.item_id } })).body.error_code,
    ).toBe(0);
    const item = await buildItem(t, owner, { item_name: 'Numbered' });
    await hookFor(item.item_id, '/numbered/slack', { events: 'api.changed', format: 'slack' });
    await hookFor(item.item_id, '/numbered/zh', { events: 'api.changed', format: 'feishu', lang: 'zh' });
    const json = await hookFor(item.item_id, '/numbered/json', { events: 'api.changed' });
    expect(
      (await uploadFile(t, 'import/auto', { token: owner.token, filename: 'petstore.json', bytes: spec, params: { item_id: item.item_id } })).body.error_code,
    ).toBe(0);
    await deliverDueWebhooks(t.services);
    const [sent] = rx.at('/numbered/json');
    const { version_id, number } = (sent!.json as { data: { version_id: number; number: number } }).data;
    expect(number).toBe(1);
    expect(version_id).not.toBe(1);
    const link = `https://docs.example.com/changelog/${item.item_id}?version=${version_id}`;
    expect(sent!.json).toMatchObject({ url: link });
    expect(verify(json.secret, sent!.raw, sent!.headers['x-folio-signature'])).toBe(true);
    const slack = String(rx.at('/numbered/slack')[0]!.json.text).split('\n');
    expect(slack[0]).toMatch(/^\[Numbered\] API changed \(version 1, petstore\.json\): \d+ added, 0 removed, 0 changed, 0 breaking/);
    expect(slack.at(-1)).toBe(link);
    const zh = String((rx.at('/numbered/zh')[0]!.json as { content: { text: string } }).content.text).split('\n');
    expect(zh[0]).toMatch(/^\[Numbered\] API 变更（版本 1，petstore\.json）/);
    expect(zh.at(-1)).toBe(link);
  });

  it('lets two processes poll at once without posting any delivery twice', async () => {
    const item = await buildItem(t, owner);
    await hookFor(item.item_id, '/race', { events: 'page.created' });
    for (let i = 0; i < 12; i++) await t.call('page/save', { item_id: item.item_id, page_title: `P${i}`, page_content: 'x' }, { token: owner.token });
    const [a, b] = await Promise.all([
      deliverDueWebhooks(t.services, { holder: 'process-a', batch: 2 }),
      deliverDueWebhooks(t.services, { holder: 'process-b', batch: 2 }),
    ]);
    expect(a + b).toBe(12);
    const ids = rx.at('/race').map((g) => g.headers['x-folio-delivery']);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    const rows = await t.services.db('webhook_deliveries').where({ item_id: item.item_id });
    expect(rows.every((r) => r.status === 'succeeded' && r.attempts === 1)).toBe(true);
  });

  it('shares the queue between separate server processes on one database without posting any delivery twice', async () => {
    const item = await buildItem(t, owner);
    await hookFor(item.item_id, '/processes', { events: 'page.created' });
    rx.slow('/processes', 50); // each post takes a while, so the pollers overlap
    for (let i = 0; i < 16; i++) await t.call('page/save', { item_id: item.item_id, page_title: `Q${i}`, page_content: 'x' }, { token: owner.token });
    const config = t.services.config;
    const env = { ...process.env, DATA_DIR: config.dataDir, DATABASE_URL: config.DATABASE_URL ?? '', WEBHOOK_ALLOW_PRIVATE: 'true', LOG_LEVEL: 'silent' };
    const worker = path.resolve(__dirname, '../helpers/webhookWorker.ts');
    // All three start polling at the same moment: once both processes say they have loaded.
    const workers = ['process-1', 'process-2'].map((holder) => {
      const child = spawn(process.execPath, [worker, holder], { env, stdio: ['pipe', 'pipe', 'inherit'] });
      const lines = readline.createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
      const next = async () => String((await lines.next()).value ?? '');
      return { child, next, ready: next() };
    });
    expect(await Promise.all(workers.map((w) => w.ready))).toEqual(['ready', 'ready']);
    for (const w of workers) w.child.stdin!.end('go\n');
    const counts = await Promise.all([
      ...workers.map(async (w) => Number(await w.next())),
      deliverDueWebhooks(t.services, { holder: 'process-0', batch: 2, maxRounds: 100 }),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(16);
    const ids = rx.at('/processes').map((g) => g.headers['x-folio-delivery']);
    expect(ids).toHaveLength(16);
    expect(new Set(ids).size).toBe(16);
    const rows = await t.services.db('webhook_deliveries').where({ item_id: item.item_id });
    expect(rows.every((r) => r.status === 'succeeded' && r.attempts === 1)).toBe(true);
  });

  it('claims a due delivery once: a second claim while the first holds it gets nothing', async () => {
    const item = await buildItem(t, owner);
    const hook = await hookFor(item.item_id, '/claim', { events: 'page.created' });
    await t.call('page/save', { item_id: item.item_id, page_title: 'Claimed', page_content: 'x' }, { token: owner.token });
    const [id] = (await t.services.db('webhook_deliveries').where({ webhook_id: hook.id }).pluck('id')) as number[];
    const [first, second] = await Promise.all([
      claimDeliveries(t.services, { ids: [id!], holder: 'a' }),
      claimDeliveries(t.services, { ids: [id!], holder: 'b' }),
    ]);
    expect(first.length + second.length).toBe(1);
    // A holder that died: once its claim lapses, another process takes the delivery over.
    expect(await claimDeliveries(later(121), { ids: [id!], holder: 'c' })).toMatchObject([{ id, claimed_by: 'c', attempts: 2 }]);
  });

  it('keeps the deliveries of a deleted webhook from being posted', async () => {
    const item = await buildItem(t, owner);
    const hook = await hookFor(item.item_id, '/gone', { events: 'page.created' });
    await t.call('page/save', { item_id: item.item_id, page_title: 'Gone', page_content: 'x' }, { token: owner.token });
    expect((await t.call('webhook/delete', { item_id: item.item_id, id: hook.id }, { token: owner.token })).error_code).toBe(0);
    expect(await t.services.db('webhook_deliveries').where({ webhook_id: hook.id })).toEqual([]);
    await deliverDueWebhooks(t.services);
    expect(rx.at('/gone')).toEqual([]);
  });
});
