import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDueWebhooks } from '../../server/commands/webhooks/deliver.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver.ts';
import { makeItem, makeUser, screenshot, startE2E, type E2E } from './helpers.ts';

/** The Webhooks tab of item settings in Chromium, posting to a real receiver on 127.0.0.1. */
let e: E2E;
let rx: WebhookReceiver;
beforeAll(async () => {
  e = await startE2E({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  rx = await startWebhookReceiver();
});
afterAll(async () => {
  await rx?.close();
  await e?.close();
});

describe('item settings: webhooks', () => {
  it('adds a webhook, shows its secret, sends a test and lists the deliveries', async () => {
    const owner = await makeUser(e.t);
    const item = await makeItem(e.t, owner.token, { item_name: 'Hooks' });
    const page = await e.newPage({ token: owner.token });
    await page.goto(`/item/setting/${item.item_id}`);
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await page.getByText('No webhooks yet').waitFor();

    await page.getByRole('button', { name: 'Add webhook' }).click();
    await page.getByLabel('Target URL').fill(`${rx.url}/ui`);
    await page.getByLabel('Page deleted').uncheck();
    await screenshot(page, 'item-setting-webhooks-dialog-en-1440');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Webhook saved').first().waitFor();
    const hook = await e.t.services.db('webhooks').where({ item_id: item.item_id }).first();
    expect(hook).toMatchObject({ url: `${rx.url}/ui`, format: 'json', enabled: 1 });
    expect(JSON.parse(hook.events)).toEqual(['page.created', 'page.updated', 'api.changed', 'item.imported', 'comment.created', 'comment.resolved']);
    // The new secret is shown once right away, to copy into the receiver.
    await expect.poll(() => page.getByLabel('Signing secret', { exact: true }).inputValue()).toBe(hook.secret);

    await page.getByRole('button', { name: 'Send test' }).click();
    await page
      .getByText(/Test delivered in \d+ ms/)
      .first()
      .waitFor();
    const [got] = rx.at('/ui');
    expect(got!.headers['x-folio-signature']).toBe(`sha256=${crypto.createHmac('sha256', hook.secret).update(got!.raw).digest('hex')}`);

    // A page change, delivered by the queue, appears in the log after a reload.
    const saved = await e.t.call('page/save', { item_id: item.item_id, page_title: 'Quick start', page_content: 'x' }, { token: owner.token });
    expect(saved.error_code).toBe(0);
    await deliverDueWebhooks(e.t.services);
    await page.reload();
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    const log = page.getByRole('region', { name: `${rx.url}/ui` }).getByRole('table');
    await log.getByText('Page created').waitFor();
    expect(await log.getByText('Delivered').count()).toBe(2);
    await expect.poll(() => log.getByRole('row').count()).toBe(3);
    await screenshot(page, 'item-setting-webhooks-en-1440');
  });

  it('asks a DingTalk bot for its signing secret, stores it and shows only that it is set', async () => {
    const owner = await makeUser(e.t);
    const item = await makeItem(e.t, owner.token, { item_name: 'Bots' });
    const page = await e.newPage({ token: owner.token });
    await page.goto(`/item/setting/${item.item_id}?tab=webhooks`);
    await page.getByRole('button', { name: 'Add webhook' }).click();
    // The field appears once the URL is a bot that can sign (format left on "recognise by URL").
    await page.getByLabel('Target URL').fill('https://example.com/hook');
    expect(await page.getByLabel('Bot signing secret').count()).toBe(0);
    await page.getByLabel('Target URL').fill('https://oapi.dingtalk.com/robot/send?access_token=abc');
    await page.getByLabel('Bot signing secret').fill('SEC0123456789abcdef');
    await screenshot(page, 'item-setting-webhooks-bot-secret-en-1440');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Webhook saved').first().waitFor();
    const hook = await e.t.services.db('webhooks').where({ item_id: item.item_id }).first();
    expect(hook).toMatchObject({ format: 'dingtalk', bot_secret: 'SEC0123456789abcdef' });
    await page.getByText('Signed', { exact: true }).waitFor();
    // Editing shows that a secret is kept, without showing it; saving unchanged keeps it.
    await page.getByRole('button', { name: 'Edit webhook' }).click();
    expect(await page.getByLabel('Bot signing secret').inputValue()).toBe('');
    await page.getByText('A signing secret is stored').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Webhook saved').first().waitFor();
    expect((await e.t.services.db('webhooks').where({ id: hook.id }).first()).bot_secret).toBe('SEC0123456789abcdef');
  });

  it('shows a failed delivery with its error, in Chinese', async () => {
    const owner = await makeUser(e.t);
    const item = await makeItem(e.t, owner.token, { item_name: '钩子' });
    const saved = await e.t.call('webhook/save', { item_id: item.item_id, url: `${rx.url}/zh`, format: 'wecom', lang: 'zh' }, { token: owner.token });
    expect(saved.error_code).toBe(0);
    rx.answer('/zh', { status: 500, body: 'upstream broke' });
    await e.t.call('page/save', { item_id: item.item_id, page_title: '快速开始', page_content: 'x' }, { token: owner.token });
    await deliverDueWebhooks(e.t.services);
    expect(rx.at('/zh')[0]!.json).toEqual({ msgtype: 'text', text: { content: `[钩子] ${owner.username} 新建了页面「快速开始」` } });
    const page = await e.newPage({ token: owner.token, lang: 'zh' });
    await page.goto(`/item/setting/${item.item_id}?tab=webhooks`);
    await page
      .getByRole('region', { name: `${rx.url}/zh` })
      .getByRole('table')
      .getByText('重试中')
      .waitFor();
    await page.getByText('HTTP 500: upstream broke').waitFor();
    await page.getByText('企业微信').first().waitFor();
    await screenshot(page, 'item-setting-webhooks-zh-1440');
  });
});
