import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pageDocName } from '../../core/live.ts';
import { itemWithPeople, savePageVia } from '../helpers/docs.ts';
import { closeAllLive, connectLive, liveText, liveToken, waitForText, waitSynced } from '../helpers/live.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterEach(() => closeAllLive());
afterAll(() => t.close());

async function livePage(content = 'start') {
  const people = await itemWithPeople(t);
  const page = await savePageVia(t, people.owner.token, { item_id: people.itemId, page_content: content });
  return { ...people, pageId: page.page_id as number };
}

describe('live co-editing over /live', () => {
  it('two providers over real WebSockets converge on the same text', async () => {
    const { owner, editor, pageId } = await livePage();
    const a = await liveToken(t, pageId, { token: owner.token });
    const b = await liveToken(t, pageId, { token: editor.token });
    expect(a).toMatchObject({ live: true, doc: pageDocName(pageId), mode: 'edit', ws_path: '/live', locked_by: null });
    expect(a.user.uid).toBe(owner.uid);
    const pa = connectLive(t.url, a.token, a.doc);
    const pb = connectLive(t.url, b.token, b.doc);
    await Promise.all([waitSynced(pa), waitSynced(pb)]);
    liveText(pa).insert(0, 'hello ');
    liveText(pb).insert(0, 'world ');
    const expected = await waitForText(pa, (s) => s.includes('hello') && s.includes('world'));
    await waitForText(pb, (s) => s === expected);
    expect(expected.length).toBe('hello world '.length);
  });
});
