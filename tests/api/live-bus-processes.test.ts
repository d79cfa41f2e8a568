import net from 'node:net';
import type { HocuspocusProvider } from '@hocuspocus/provider';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CLOSE } from '../../core/live.ts';
import { TEST_ENGINE } from '../helpers/db.ts';
import { closeAllLive, connectLive, liveLog, liveText, waitForText, waitSynced, waitUntil } from '../helpers/live.ts';
import { apiOk, freshDatabase, logLines, openDb, userOn, type Cleanups, type TestUser } from '../security/faultsSetup.ts';
import { serve, type Served } from '../security/processes.ts';

/**
 * The live bus between real server processes (`bin/docs serve`), with real HocuspocusProviders
 * over WebSockets: two instances on one PostgreSQL database (LISTEN/NOTIFY), and WORKERS=2 on
 * SQLite (the primary relays between workers).
 */
const cleanups: Cleanups = [];
afterEach(() => closeAllLive());
afterAll(async () => {
  closeAllLive();
  for (const c of cleanups.reverse()) await c();
});

/** An item with an owner and an editor, and one page; answers what a test needs. */
async function livePage(env: Record<string, string>, url: string) {
  const owner = await userOn(env);
  const editor = await userOn(env);
  const item = await apiOk(url, 'item/add', { item_name: 'Live across processes' }, owner.token);
  const itemId = Number(item.item_id);
  await apiOk(url, 'member/save', { item_id: itemId, username: editor.username, member_group_id: 1, cat_id: 0 }, owner.token);
  const page = await apiOk(url, 'page/save', { item_id: itemId, page_id: 0, cat_id: 0, page_title: 'Runbook', page_content: 'Runbook.\n' }, owner.token);
  return { owner, editor, itemId, pageId: Number(page.page_id) };
}

async function token(url: string, user: TestUser, pageId: number): Promise<{ token: string; doc: string }> {
  const tok = await apiOk(url, 'live/token', { page_id: pageId }, user.token);
  expect(tok.live).toBe(true);
  return tok;
}

async function open(url: string, user: TestUser, pageId: number, tok?: { token: string; doc: string }): Promise<HocuspocusProvider> {
  tok ??= await token(url, user, pageId);
  const p = connectLive(url, tok.token, tok.doc);
  await waitSynced(p, 30_000);
  await waitUntil(() => liveLog(p).process !== undefined, 'the process notice', 30_000);
  return p;
}

/** A port free now: with PORT=0 every cluster worker would listen on a port of its own. */
async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

/**
 * The `probe` field of every state in a provider's view of the presence (awareness). Not `user`:
 * the server rewrites that to who the token says the connection is.
 */
const presentNames = (p: HocuspocusProvider) => [...p.awareness!.getStates().values()].map((s) => (s as { probe?: string }).probe).filter(Boolean);

describe.runIf(TEST_ENGINE === 'pg')('two Folio instances on one PostgreSQL database', () => {
  let a: Served;
  let b: Served;
  let env: Record<string, string>;
  let setup: Awaited<ReturnType<typeof livePage>>;

  beforeAll(async () => {
    env = await freshDatabase(cleanups, 'pg');
    // B re-checks rights only on events (no periodic pass within the test): a downgrade seen there came over the bus.
    const live = { LIVE_RIGHTS_RECHECK_MS: '600000', LIVE_STORE_DEBOUNCE_MS: '200', LIVE_STORE_MAX_DEBOUNCE_MS: '1000' };
    a = await serve({ ...env, ...live });
    cleanups.push(() => a.kill());
    b = await serve({ ...env, ...live });
    cleanups.push(() => b.kill());
    setup = await livePage(env, a.url);
  }, 120_000); // A migrates, then B starts

  it('edits and presence converge both ways between clients of different instances', async () => {
    const pa = await open(a.url, setup.owner, setup.pageId);
    const pb = await open(b.url, setup.editor, setup.pageId);
    expect(liveLog(pa).process).not.toBe(liveLog(pb).process);
    liveText(pa).insert(0, 'alpha from A. ');
    liveText(pb).insert(0, 'beta from B. ');
    const text = await waitForText(pa, (s) => s.includes('alpha from A.') && s.includes('beta from B.'), 20_000);
    await waitForText(pb, (s) => s === text, 20_000);
    pa.setAwarenessField('probe', 'owner on A');
    pb.setAwarenessField('probe', 'editor on B');
    await waitUntil(() => presentNames(pb).includes('owner on A'), "A's presence at B", 20_000);
    await waitUntil(() => presentNames(pa).includes('editor on B'), "B's presence at A", 20_000);
    // Who a state stands for is what A's server knows (it rewrites `user`), and B shows that.
    pa.setAwarenessField('user', { name: 'someone else', color: '#123456' });
    const ownerAtB = () =>
      [...pb.awareness!.getStates().values()].find((st) => (st as { probe?: string }).probe === 'owner on A') as
        | { user?: { uid?: number; name?: string } }
        | undefined;
    await waitUntil(() => ownerAtB()?.user?.uid === setup.owner.uid, "the owner's identity at B", 20_000);
    expect(ownerAtB()!.user!.name).not.toBe('someone else');
    // A client leaving B disappears from A's presence.
    pb.destroy();
    await waitUntil(() => !presentNames(pa).includes('editor on B'), "B's client gone from A's presence", 20_000);
  }, 120_000);

  it('a terminated listener reconnects and resynchronises: nothing typed meanwhile is lost', async () => {
    const pa = await open(a.url, setup.owner, setup.pageId);
    const pb = await open(b.url, setup.editor, setup.pageId);
    await waitForText(pb, (s) => s === liveText(pa).toString(), 20_000);
    const db = openDb(env);
    cleanups.push(() => db.destroy());
    const listenerOf = async (served: Served) =>
      ((await db.raw('SELECT pid FROM pg_stat_activity WHERE application_name = ?', [`folio-live-bus/${served.child.pid}`])).rows as { pid: number }[]).map(
        (r) => r.pid,
      );
    const [old] = await listenerOf(a);
    expect(old).toBeTypeOf('number');
    const logs = logLines(a.child);
    await db.raw('SELECT pg_terminate_backend(?)', [old!]); // a number: checked just above
    // B's NOTIFY goes out while A has no listener; A's change waits in its queue.
    liveText(pb).insert(liveText(pb).length, 'typed on B during the outage. ');
    liveText(pa).insert(liveText(pa).length, 'typed on A during the outage. ');
    await waitUntil(async () => (await listenerOf(a)).some((pid) => pid !== old), "A's new listener", 30_000);
    const withLog = (err: Error) => {
      throw new Error(`${err.message}; A logged: ${JSON.stringify(logs.filter((l) => Number(l.level) >= 30 && l.msg !== 'request').slice(0, 12))}`);
    };
    const text = await waitForText(pa, (s) => s.includes('typed on B during the outage.') && s.includes('typed on A during the outage.'), 30_000).catch(
      withLog,
    );
    await waitForText(pb, (s) => s === text, 30_000).catch(withLog);
    expect(text.match(/typed on B during the outage\./g)).toHaveLength(1);
    // And stored: page/info (on either instance) gives the converged text.
    await waitUntil(
      async () => (await apiOk(b.url, 'page/info', { page_id: setup.pageId }, setup.editor.token)).page_content === text,
      'the text stored',
      30_000,
    );
    await waitUntil(() => logs.some((l) => l.msg === 'the live bus lost PostgreSQL; reconnecting'), 'the reconnect logged', 10_000);
    // Recovered by the reconnect's resync ('*'), not by a later gap in B's sequence numbers.
    expect(logs.some((l) => l.msg === 'live documents resynchronised after a loss on the bus' && l.lostFrom === '*')).toBe(true);
  }, 120_000);
});

describe.runIf(TEST_ENGINE === 'pg')('rights changes between instances', () => {
  it('a member removed on A loses write access on B at once (B does no periodic re-check here)', async () => {
    const env = await freshDatabase(cleanups, 'pg');
    const live = { LIVE_RIGHTS_RECHECK_MS: '600000', LIVE_STORE_DEBOUNCE_MS: '200', LIVE_STORE_MAX_DEBOUNCE_MS: '1000' };
    const a = await serve({ ...env, ...live });
    cleanups.push(() => a.kill());
    const b = await serve({ ...env, ...live });
    cleanups.push(() => b.kill());
    const { owner, editor, itemId, pageId } = await livePage(env, a.url);
    const po = await open(a.url, owner, pageId);
    const pe = await open(b.url, editor, pageId);
    liveText(pe).insert(0, 'BEFORE ');
    await waitForText(po, (t) => t.includes('BEFORE '), 20_000);
    const db = openDb(env);
    cleanups.push(() => db.destroy());
    const row = await db('item_members').where({ item_id: itemId, uid: editor.uid }).first('item_member_id');
    await apiOk(a.url, 'member/delete', { item_id: itemId, item_member_id: row.item_member_id }, owner.token);
    // Closed (a private item) or downgraded to read-only (a public one): either way, at once.
    await waitUntil(
      () => liveLog(pe).closes.includes(LIVE_CLOSE.forbidden) || liveLog(pe).notices.some((n) => n.mode === 'view'),
      'the editor on B losing write access',
      20_000,
    );
    liveText(pe).insert(0, 'AFTER ');
    liveText(po).insert(0, 'OWNER ');
    await waitUntil(
      async () => String((await apiOk(a.url, 'page/info', { page_id: pageId }, owner.token)).page_content).includes('OWNER'),
      "the owner's edit stored",
      30_000,
    );
    expect(liveText(po).toString()).not.toContain('AFTER');
    expect(String((await apiOk(a.url, 'page/info', { page_id: pageId }, owner.token)).page_content)).not.toContain('AFTER');
  }, 120_000);
});

describe.runIf(TEST_ENGINE === 'sqlite')('WORKERS=2 on SQLite', () => {
  it('clients served by different workers converge on text and presence', async () => {
    const env = await freshDatabase(cleanups, 'sqlite');
    const s = await serve({ ...env, WORKERS: '2', PORT: String(await freePort()) });
    cleanups.push(() => s.kill());
    const { owner, editor, pageId } = await livePage(env, s.url);
    // The primary hands each new TCP connection to the next ready worker (the second may still be
    // starting): sockets are opened in batches with their tokens fetched first, since an HTTP
    // connection between two sockets could land every socket on the same worker.
    const providers: HocuspocusProvider[] = [];
    const deadline = Date.now() + 60_000;
    while (new Set(providers.map((p) => liveLog(p).process)).size < 2 && Date.now() < deadline) {
      const tokens = [];
      for (let i = 0; i < 3; i++) tokens.push(await token(s.url, i % 2 ? editor : owner, pageId));
      for (const tok of tokens) providers.push(await open(s.url, owner, pageId, tok));
    }
    const byProcess = new Map<string, HocuspocusProvider[]>();
    for (const p of providers) byProcess.set(liveLog(p).process!, [...(byProcess.get(liveLog(p).process!) ?? []), p]);
    expect(byProcess.size).toBe(2);
    const [one, two] = [...byProcess.values()].map((ps) => ps[0]!);
    liveText(one!).insert(0, 'from worker one. ');
    liveText(two!).insert(0, 'from worker two. ');
    const text = await waitForText(one!, (t) => t.includes('from worker one.') && t.includes('from worker two.'), 20_000);
    for (const p of providers) await waitForText(p, (t) => t === text, 20_000);
    providers.forEach((p, i) => p.setAwarenessField('probe', `participant ${i}`));
    for (const p of providers)
      await waitUntil(() => providers.every((_, i) => presentNames(p).includes(`participant ${i}`)), 'everyone present everywhere', 20_000);
  }, 120_000);
});
