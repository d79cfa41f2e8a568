import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildUser, type User } from '../helpers/factories.ts';

let t: TestServer;
let alice: User;
let bob: User;

beforeAll(async () => {
  t = await startTestServer();
  alice = await buildUser(t);
  bob = await buildUser(t);
});
afterAll(() => t.close());

const save = (u: User, params: Record<string, unknown>) => t.call('template/save', params, { token: u.token });

describe('template/save', () => {
  it('creates a template and returns its id', async () => {
    const r = await save(alice, { template_title: 'API doc', template_content: '# {{name}}\n<script>x</script>' });
    expect(r.error_code).toBe(0);
    expect(r.data).toEqual({ id: expect.any(Number) });
    const list = await t.call('template/getList', {}, { token: alice.token });
    expect(list.data[0]).toEqual({
      id: r.data.id,
      template_title: 'API doc',
      template_content: '# {{name}}\n<script>x</script>',
      addtime: expect.stringMatching(/^\d{4}-/),
    });
  });

  it('updates the caller’s own template when id is given', async () => {
    const { data } = await save(alice, { template_title: 'v1', template_content: 'one' });
    expect((await save(alice, { id: data.id, template_title: 'v2', template_content: 'two' })).error_code).toBe(0);
    const row = await t.services.db('templates').where({ id: data.id }).first();
    expect(row).toMatchObject({ template_title: 'v2', template_content: 'two', uid: alice.uid });
  });

  it('returns 10101 when updating another user’s template, which stays unchanged', async () => {
    const { data } = await save(alice, { template_title: 'mine', template_content: 'keep' });
    expect((await save(bob, { id: data.id, template_title: 'stolen', template_content: '' })).error_code).toBe(10101);
    expect((await t.services.db('templates').where({ id: data.id }).first()).template_title).toBe('mine');
  });

  it('returns 10100 naming template_title when it is empty or too long', async () => {
    const empty = await save(alice, { template_title: '  ', template_content: 'x' });
    expect(empty.error_code).toBe(10100);
    expect(empty.error_message).toMatch(/^template_title: is required/);
    const long = await save(alice, { template_title: 'x'.repeat(201), template_content: 'x' });
    expect(long.error_message).toMatch(/^template_title: must be at most 200/);
  });

  it('returns 10102 to a guest', async () => {
    expect((await t.call('template/save', { template_title: 'x' })).error_code).toBe(10102);
  });
});

describe('template/getList', () => {
  it('lists only the caller’s templates, newest first', async () => {
    const carol = await buildUser(t);
    await save(carol, { template_title: 'first', template_content: '' });
    await save(carol, { template_title: 'second', template_content: '' });
    await save(bob, { template_title: 'bob’s', template_content: '' });
    const r = await t.call('template/getList', {}, { token: carol.token });
    expect(r.data.map((x: any) => x.template_title)).toEqual(['second', 'first']);
  });

  it('answers the same list as template/getMyList', async () => {
    const r = await t.call('template/getMyList', {}, { token: alice.token });
    expect(r.data).toEqual((await t.call('template/getList', {}, { token: alice.token })).data);
  });

  it('returns 10102 to a guest', async () => {
    expect((await t.call('template/getList')).error_code).toBe(10102);
  });
});

describe('template/delete', () => {
  it('deletes the caller’s own template', async () => {
    const { data } = await save(alice, { template_title: 'bye', template_content: '' });
    expect((await t.call('template/delete', { id: data.id }, { token: alice.token })).error_code).toBe(0);
    expect(await t.services.db('templates').where({ id: data.id }).first()).toBeUndefined();
  });

  it('returns 10101 for another user’s template and keeps it', async () => {
    const { data } = await save(alice, { template_title: 'stay', template_content: '' });
    expect((await t.call('template/delete', { id: data.id }, { token: bob.token })).error_code).toBe(10101);
    expect(await t.services.db('templates').where({ id: data.id }).first()).toBeTruthy();
  });

  it('returns 10100 naming id when it is missing', async () => {
    const r = await t.call('template/delete', {}, { token: alice.token });
    expect(r.error_code).toBe(10100);
    expect(r.error_message).toMatch(/^id: /);
  });
});
