import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeItem, makeUser, pickOption, screenshot, startE2E, type E2E } from './helpers.ts';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => {
  await e?.close();
});

describe('teams', () => {
  it('creates a team, adds a member, binds an item and the member reaches it', async () => {
    const owner = await makeUser(e.t);
    const mate = await makeUser(e.t);
    const item = await makeItem(e.t, owner.token, { item_name: 'Team handbook' });
    const page = await e.newPage({ token: owner.token });
    await page.goto('/team/index');
    await page.getByRole('button', { name: 'New team' }).click();
    await page.getByLabel('Team name').fill('Backend');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name: 'Backend', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Members of Backend' }).click();
    await page.waitForURL(/\/team\/member\/\d+$/);
    await page.getByLabel('Username').fill(mate.username);
    await page.getByRole('button', { name: 'Add to team' }).click();
    await page.getByRole('cell', { name: mate.username }).first().waitFor();

    await page.goto('/team/index');
    await page.getByRole('button', { name: 'Items of Backend' }).click();
    await page.waitForURL(/\/team\/item\/\d+$/);
    await pickOption(page, 'Item', 'Team handbook');
    await page.getByRole('button', { name: 'Bind item' }).click();
    await page.getByRole('link', { name: 'Team handbook' }).waitFor();
    await screenshot(page, 'team-items-en-1440');

    const list = await e.t.call('item/myList', {}, { token: mate.token });
    expect(list.data.map((i: { item_id: number }) => Number(i.item_id))).toContain(item.item_id);

    await page.goto('/team/index');
    await page
      .getByRole('row', { name: /Backend/ })
      .getByRole('cell', { name: '1' })
      .first()
      .waitFor();
    await screenshot(page, 'teams-en-1440');
  });

  it('deletes a team after confirming', async () => {
    const owner = await makeUser(e.t);
    await e.t.call('team/save', { team_name: 'Short-lived' }, { token: owner.token });
    const page = await e.newPage({ token: owner.token });
    await page.goto('/team/index');
    await page.getByRole('button', { name: 'Delete Short-lived' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('cell', { name: 'Short-lived', exact: true }).waitFor({ state: 'detached' });
    expect((await e.t.call('team/getList', {}, { token: owner.token })).data).toEqual([]);
  });
});
