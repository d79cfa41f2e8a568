import { Notice } from '../../models/Notice.ts';
import { User } from '../../models/User.ts';
import { inTransaction, type Deps } from '../../services.ts';
import { noticeRow } from './notices.ts';

const CHUNK = 500;

/**
 * An administrator's announcement: one notice (type `announce`) to every user, the sender
 * included so they see what went out. All or nothing. Returns how many users it reached.
 */
export async function announceToAll(deps: Deps, input: { title: string; content: string }, by: { uid: number; username: string }): Promise<{ sent: number }> {
  return inTransaction(deps, async (tx) => {
    const now = tx.now();
    let sent = 0;
    let afterUid = 0;
    for (;;) {
      const uids = (await User.query(tx.db).where('uid', '>', afterUid).orderBy('uid').limit(CHUNK).select('uid')).map((r) => r.uid);
      if (!uids.length) break;
      // One knex batch insert per 500 users: objection refuses batch inserts on SQLite.
      await Notice.knexTable(tx.db).insert(
        uids.map((uid) => noticeRow({ to_uid: uid, from_uid: by.uid, from_name: by.username, title: input.title, content: input.content }, now, 'announce')),
      );
      sent += uids.length;
      afterUid = uids[uids.length - 1]!;
    }
    return { sent };
  });
}
