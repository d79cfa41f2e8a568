import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDueWebhooks } from '../../server/commands/webhooks/deliver.ts';
import { addressRefusal, pinnedLookup, resolveTarget, TargetRefused } from '../../server/commands/webhooks/target.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver.ts';
import { buildItem, buildUser } from '../helpers/factories.ts';

/**
 * The SSRF guard with WEBHOOK_ALLOW_PRIVATE unset: a receiver runs on 127.0.0.1 and must never
 * be reached, whether the URL names the address or a host name that resolves to it.
 */
let t: TestServer;
let rx: WebhookReceiver;
let owner: Awaited<ReturnType<typeof buildUser>>;
beforeAll(async () => {
  t = await startTestServer();
  rx = await startWebhookReceiver();
  owner = await buildUser(t);
});
afterAll(async () => {
  await rx.close();
  await t.close();
});

describe('addresses', () => {
  it('refuses every non-public range and lets public unicast through', () => {
    const refused = [
      '127.0.0.1',
      '127.8.9.10',
      '0.0.0.0',
      '10.0.0.1',
      '172.16.5.4',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.254',
      '224.0.0.1',
      '255.255.255.255',
      '240.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::7f00:1',
      '2002:7f00:1::1',
      '2001:0:4136:e378::1',
    ];
    for (const a of refused) expect(addressRefusal(a), a).not.toBeNull();
    for (const a of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(addressRefusal(a), a).toBeNull();
    expect(addressRefusal('::ffff:127.0.0.1')).toBe('127.0.0.1 is a loopback address');
    expect(addressRefusal('100.64.0.1')).toBe('100.64.0.1 is a carrierGradeNat address');
  });

  it('resolves a host name before judging it', async () => {
    await expect(resolveTarget('http://localhost:9/hook', false)).rejects.toThrow(/localhost resolves to (127\.0\.0\.1|::1), a loopback address/);
    await expect(resolveTarget('http://localhost:9/hook', false)).rejects.toBeInstanceOf(TargetRefused);
    await expect(resolveTarget('http://no-such-host.invalid/hook', false)).rejects.toThrow(/could not be resolved/);
    expect(await resolveTarget('http://localhost:9/hook', true)).toMatchObject({ address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/) });
  });

  it('connects to the address it checked, whatever the name resolves to by then', async () => {
    // A name nothing resolves: the pinned lookup alone decides where the connection goes.
    const port = new URL(rx.url).port;
    const target = { url: new URL(`http://rebind.invalid:${port}/pinned`), address: '127.0.0.1', family: 4 as const };
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(target.url, { method: 'POST', lookup: pinnedLookup(target), agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end('{}');
    });
    expect(status).toBe(200);
    expect(rx.at('/pinned')[0]!.headers.host).toBe(`rebind.invalid:${port}`);
  });
});

describe('webhook/save and delivery with WEBHOOK_ALLOW_PRIVATE unset', () => {
  it('refuses private address literals when the webhook is saved', async () => {
    const item = await buildItem(t, owner);
    for (const host of ['127.0.0.1', '10.1.2.3', '169.254.169.254', '[::1]', '[::ffff:127.0.0.1]', '[fd00::1]', '100.64.1.1', '0.0.0.0']) {
      const r = await t.call('webhook/save', { item_id: item.item_id, url: `http://${host}:8080/hook` }, { token: owner.token });
      expect(r.error_code, host).toBe(10100);
      expect(r.error_message).toMatch(/^url: points to .* address; webhooks may not reach loopback, private or link-local addresses/);
    }
    expect(await t.services.db('webhooks').where({ item_id: item.item_id })).toEqual([]);
  });

  it('refuses at delivery a host name that resolves to loopback, and does not retry it', async () => {
    const item = await buildItem(t, owner);
    const port = new URL(rx.url).port;
    const saved = await t.call('webhook/save', { item_id: item.item_id, url: `http://localhost:${port}/ssrf` }, { token: owner.token });
    expect(saved.error_code, saved.error_message).toBe(0);
    const r = await t.call('webhook/test', { item_id: item.item_id, id: saved.data.id }, { token: owner.token });
    expect(r.data).toMatchObject({ status: 'failed', attempts: 1, response_status: null });
    expect(r.data.last_error).toMatch(/^refused: localhost resolves to (127\.0\.0\.1|::1), a loopback address/);
    await t.call('page/save', { item_id: item.item_id, page_title: 'Secret', page_content: 'x' }, { token: owner.token });
    await deliverDueWebhooks(t.services);
    await deliverDueWebhooks({ ...t.services, now: () => t.services.now() + 86_400 });
    expect(rx.at('/ssrf')).toEqual([]);
    const rows = await t.services.db('webhook_deliveries').where({ item_id: item.item_id }).orderBy('id');
    expect(rows.map((d) => [d.event, d.status, d.attempts])).toEqual([
      ['webhook.test', 'failed', 1],
      ['page.created', 'failed', 1],
    ]);
  });

  it('checks address literals again at delivery (a webhook saved while private targets were allowed)', async () => {
    const item = await buildItem(t, owner);
    const port = new URL(rx.url).port;
    for (const host of ['127.0.0.1', '[::ffff:7f00:1]']) {
      const [row] = await t.services
        .db('webhooks')
        .insert({
          item_id: item.item_id,
          url: `http://${host}:${port}/literal`,
          format: 'json',
          events: '["page.created"]',
          secret: 'whsec_x',
          lang: 'en',
          enabled: 1,
        })
        .returning('id');
      expect(row).toBeTruthy();
    }
    await t.call('page/save', { item_id: item.item_id, page_title: 'Literal', page_content: 'x' }, { token: owner.token });
    await deliverDueWebhooks(t.services);
    expect(rx.at('/literal')).toEqual([]);
    const rows = await t.services.db('webhook_deliveries').where({ item_id: item.item_id });
    expect(rows).toHaveLength(2);
    for (const d of rows)
      expect(d.last_error).toBe('refused: 127.0.0.1 is a loopback address; webhooks may not reach loopback, private or link-local addresses');
  });
});
